//! Starting and stopping the server: open the store, bind the address, serve until told
//! to stop, then end every search and socket.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use thiserror::Error;
use tokio::net::TcpListener;

use crate::api;
use crate::app::App;
use crate::config::ServerConfig;
use crate::error::StoreError;
use crate::store::Store;

#[derive(Debug, Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    app: Arc<App>,
    addr: SocketAddr,
}

impl Server {
    /// Opens the data folder's database and binds `host:port` (port 0: any free port).
    pub async fn bind(config: ServerConfig) -> Result<Server, ServerError> {
        let store = Store::open(&config.data_dir)?;
        let addr = format!("{}:{}", config.host, config.port);
        let listener = TcpListener::bind(&addr)
            .await
            .map_err(|source| ServerError::Bind {
                addr: addr.clone(),
                source,
            })?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            app: Arc::new(App::new(config, store)),
            addr,
        })
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, `http://host:port/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until `shutdown` completes; then stops every search and closes sockets.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let app = self.app.clone();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let stopper = app.clone();
        tokio::spawn(async move {
            shutdown.await;
            // Sockets and searches end first, so the graceful shutdown has nothing to wait for.
            stopper.stop_all();
            let _ = stop_tx.send(());
        });
        axum::serve(self.listener, api::router(app))
            .with_graceful_shutdown(async move {
                let _ = stop_rx.await;
            })
            .await?;
        Ok(())
    }
}
