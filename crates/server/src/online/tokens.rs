//! Seat tokens and public game ids: 128 random bits each, written as 32 hex digits.
//! A seat token is the only proof of a seat, so the server keeps only its SHA-256
//! (a leaked database holds no token), compares hashes in constant time, and never
//! writes a token into a log or an error message.

use sha2::{Digest, Sha256};

/// Hex digits of a token or a public id (128 bits).
const HEX_LEN: usize = 32;

/// 128 random bits as 32 lowercase hex digits; `None` when the system has no randomness
/// to give (the caller answers 500 rather than hand out a guessable seat).
pub fn random_hex() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` has the shape of a token or a public id (32 lowercase hex digits):
/// anything else is refused before any lookup.
pub fn well_formed(text: &str) -> bool {
    text.len() == HEX_LEN && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// What is stored for a seat: the token's SHA-256, hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenHash(pub String);

impl TokenHash {
    pub fn of(token: &str) -> TokenHash {
        let digest = Sha256::digest(token.as_bytes());
        TokenHash(digest.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// Whether `token` is the one this hash was made from, in time that does not depend
    /// on where the two differ.
    pub fn matches(&self, token: &str) -> bool {
        let other = TokenHash::of(token);
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_well_formed_and_match_only_themselves() {
        let a = random_hex().unwrap();
        let b = random_hex().unwrap();
        assert_ne!(a, b);
        assert!(well_formed(&a) && well_formed(&b));
        assert!(!well_formed("0123"));
        assert!(!well_formed(&a.to_uppercase()));
        assert!(!well_formed(&format!("{}g", &a[..31])));
        let h = TokenHash::of(&a);
        assert!(h.matches(&a));
        assert!(!h.matches(&b));
        assert!(!h.matches(""));
        assert_ne!(h.0, a, "the hash is not the token");
    }
}
