//! Who is asking: the client's address for the per-client limits. It is the peer of the
//! connection, unless the server runs behind a reverse proxy it trusts
//! (`--trust-proxy`): then the proxy's `X-Forwarded-For` names the client, its last entry
//! being the address the proxy itself saw (earlier entries come from the client and
//! could say anything).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::app::App;
use crate::error::ApiError;

/// The client's address.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<Arc<App>> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .ok_or_else(|| ApiError::bad_request("no client address"))?;
        Ok(ClientIp(client_ip(
            peer,
            &parts.headers,
            app.config.trust_proxy,
        )))
    }
}

/// Lets a request for this machine's own games through only for a client allowed them
/// (see `ServerConfig::local_games_for`); others get 403 with the reason.
pub async fn local_games_only(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    ClientIp(ip): ClientIp,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if app.config.local_games_for(ip) {
        next.run(req).await
    } else {
        ApiError::LocalOnly.into_response()
    }
}

/// The client's address: the peer, or with a trusted proxy the last address of its
/// `X-Forwarded-For`.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    if !trust_proxy {
        return peer;
    }
    // The last entry only: an earlier one, or a garbled last one, may be the client's
    // own words.
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    entries
        .last()
        .and_then(|a| a.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "1.2.3.4, 5.6.7.8".parse().unwrap());
        assert_eq!(client_ip(peer, &h, false), peer);
        assert_eq!(
            client_ip(peer, &h, true),
            "5.6.7.8".parse::<IpAddr>().unwrap()
        );
        h.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(client_ip(peer, &h, true), peer);
        // A garbled last entry does not let an earlier (client-written) one through.
        h.insert("x-forwarded-for", "1.2.3.4, garbage".parse().unwrap());
        assert_eq!(client_ip(peer, &h, true), peer);
        assert_eq!(client_ip(peer, &HeaderMap::new(), true), peer);
    }
}
