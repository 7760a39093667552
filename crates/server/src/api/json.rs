//! Body extractors whose every failure (not JSON, wrong shape, too large) is an
//! [`ApiError`] with a JSON answer, instead of axum's plain-text one; a body over the cap
//! answers 413 with the cap as `limit`.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::app::App;
use crate::error::ApiError;

/// A JSON body.
pub struct ApiJson<T>(pub T);

impl<T> FromRequest<Arc<App>> for ApiJson<T>
where
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, app).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(too_large(app)),
            Err(r) => Err(r.into()),
        }
    }
}

/// A JSON body that may be left out (empty or blank: the defaults).
pub struct OptionalJson<T>(pub T);

impl<T> FromRequest<Arc<App>> for OptionalJson<T>
where
    T: DeserializeOwned + Default,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, ApiError> {
        let body = Bytes::from_request(req, app)
            .await
            .map_err(|_| too_large(app))?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        serde_json::from_slice(&body)
            .map(OptionalJson)
            .map_err(|e| ApiError::bad_request(e.to_string()))
    }
}

fn too_large(app: &App) -> ApiError {
    ApiError::BodyTooLarge {
        limit: app.config.max_body_bytes,
    }
}
