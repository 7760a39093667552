//! Security headers on every answer: the page runs only its own scripts and styles (no
//! inline code, so an injected `<script>` does nothing), talks only to this server, is
//! never shown inside another site's frame, and no answer is read as another type than
//! the one it says. The page sends no referrer, so a game's link stays with its player.

use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::HeaderValue;
use axum::response::Response;

/// The page's content security policy: everything from this origin only.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; \
    base-uri 'none'; form-action 'none'; object-src 'none'";

pub async fn add(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    res
}
