//! A small HTTP/1.1 client over one kept-alive connection, as a browser tab has: JSON in,
//! JSON out, a fresh connection when the old one was closed.

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub struct Http {
    addr: String,
    conn: Option<BufReader<TcpStream>>,
}

impl Http {
    pub fn new(addr: &str) -> Http {
        Http {
            addr: addr.to_string(),
            conn: None,
        }
    }

    /// Sends one request; returns the status and the JSON body (`Null` when empty).
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
    ) -> Result<(u16, Value), String> {
        self.request_as(method, path, body, None).await
    }

    /// A request with an online game's seat token (`X-Seat-Token`).
    pub async fn request_as(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
        seat: Option<&str>,
    ) -> Result<(u16, Value), String> {
        // A kept-alive connection the server has closed fails at once: retry on a new one.
        let reused = self.conn.is_some();
        match self.exchange(method, path, body, seat).await {
            Err(_) if reused => {
                self.conn = None;
                self.exchange(method, path, body, seat).await
            }
            other => other,
        }
    }

    async fn exchange(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
        seat: Option<&str>,
    ) -> Result<(u16, Value), String> {
        let result = self.try_exchange(method, path, body, seat).await;
        if result.is_err() {
            self.conn = None;
        }
        result
    }

    async fn try_exchange(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
        seat: Option<&str>,
    ) -> Result<(u16, Value), String> {
        if self.conn.is_none() {
            let s = TcpStream::connect(&self.addr)
                .await
                .map_err(|e| format!("connect: {e}"))?;
            s.set_nodelay(true).map_err(|e| e.to_string())?;
            self.conn = Some(BufReader::new(s));
        }
        let conn = self.conn.as_mut().ok_or("no connection")?;
        let seat = seat.map_or(String::new(), |t| format!("X-Seat-Token: {t}\r\n"));
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n{seat}\r\n",
            self.addr,
            body.len()
        );
        let out = conn.get_mut();
        out.write_all(head.as_bytes())
            .await
            .map_err(|e| format!("send: {e}"))?;
        out.write_all(body.as_bytes())
            .await
            .map_err(|e| format!("send: {e}"))?;

        let mut line = String::new();
        read_line(conn, &mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad status line {line:?}"))?;
        let mut length = None;
        let mut close = false;
        loop {
            line.clear();
            read_line(conn, &mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse::<usize>().ok(),
                "connection" => close = value.trim().eq_ignore_ascii_case("close"),
                _ => {}
            }
        }
        let length = length.ok_or("an answer without Content-Length")?;
        let mut bytes = vec![0; length];
        conn.read_exact(&mut bytes)
            .await
            .map_err(|e| format!("read body: {e}"))?;
        if close {
            self.conn = None;
        }
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .map_err(|e| format!("not JSON ({e}), status {status}"))?
        };
        Ok((status, json))
    }
}

async fn read_line(conn: &mut BufReader<TcpStream>, line: &mut String) -> Result<(), String> {
    match conn.read_line(line).await {
        Ok(0) => Err("connection closed".into()),
        Ok(_) => Ok(()),
        Err(e) => Err(format!("read: {e}")),
    }
}
