//! The page's files (`web/`), compiled into the binary so that it runs from anywhere.
//! A test checks that every file of `web/` is listed here.

use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

macro_rules! web_files {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_bytes!(concat!("../../../web/", $path)) as &[u8])),*]
    };
}

/// Path under `web/` and contents.
pub const FILES: &[(&str, &[u8])] = web_files![
    "index.html",
    "style.css",
    "favicon.svg",
    "js/main.js",
    "js/api.js",
    "js/board.js",
    "js/i18n.js",
    "js/dialogs.js",
    "js/analysis.js",
    "js/replay.js",
    "js/movelist.js",
    "js/opening.js",
    "js/online.js",
    "js/qr.js",
    "js/review.js",
    "js/sound.js",
    "js/settings.js",
    "js/messages.js",
    "js/dom.js",
    // JSDoc typedefs of the server's JSON (crate::wire): never loaded by the page at run
    // time, served so that the page's sources are whole.
    "js/types.js",
];

/// Files of `web/` that are the JavaScript type check's tooling (scripts/check-js.sh),
/// not the page: never embedded.
#[cfg(test)]
const TOOLING: &[&str] = &[
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "node_modules",
];

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

pub fn find(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|&(p, body)| (content_type(p), body))
}

/// Serves a page file to GET and HEAD; anything else is a JSON 404.
pub async fn serve(method: Method, uri: Uri) -> Response {
    let readable = method == Method::GET || method == Method::HEAD;
    match find(uri.path()).filter(|_| readable) {
        Some((mime, body)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, mime),
                // The page is small: always fresh after an upgrade beats caching.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => ApiError::NoRoute.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(dir: &std::path::Path, base: &std::path::Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let tooling = dir == base
                && TOOLING
                    .iter()
                    .any(|t| p.file_name().is_some_and(|n| n == *t));
            if tooling {
                continue;
            }
            if p.is_dir() {
                walk(&p, base, out);
            } else {
                let rel = p
                    .strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push(rel);
            }
        }
    }

    #[test]
    fn every_file_of_web_is_embedded() {
        let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        let mut files = Vec::new();
        walk(&base, &base, &mut files);
        for f in &files {
            assert!(
                FILES.iter().any(|(p, _)| p == f),
                "web/{f} is not in assets::FILES"
            );
        }
        assert_eq!(files.len(), FILES.len());
        assert_eq!(find("/").unwrap().0, "text/html; charset=utf-8");
        assert!(find("/../Cargo.toml").is_none());
    }
}
