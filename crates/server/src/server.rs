//! Starting and stopping the server: open the store, bind the address, serve until told
//! to stop, then end every search and socket.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use thiserror::Error;
use tokio::net::{TcpListener, TcpSocket};

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

/// Connections the system may hold for the server before it accepts them. The usual 128
/// overflows when a couple of hundred pages connect at once, and a dropped connection
/// attempt is retried only a second later. The system may cap it lower (somaxconn).
const BACKLOG: u32 = 1024;

/// Listens on the first address `addr` resolves to that can be bound.
async fn listen(addr: &str) -> std::io::Result<TcpListener> {
    let mut last = None;
    for a in tokio::net::lookup_host(addr).await? {
        let socket = if a.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        // As the standard library does: a restarted server can take its port back at once.
        #[cfg(not(windows))]
        socket.set_reuseaddr(true)?;
        match socket.bind(a).and_then(|()| socket.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("the address resolves to nothing")))
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
        let listener = listen(&addr).await.map_err(|source| ServerError::Bind {
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
        // Online games' clocks: flags that fall, checkpoints for a restart.
        crate::online::keeper::start(app.clone());
        // The peer's address identifies a client for the per-client limits.
        let service = api::router(app).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service)
            .with_graceful_shutdown(async move {
                let _ = stop_rx.await;
            })
            .await?;
        Ok(())
    }
}
