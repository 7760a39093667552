//! `pbrain-fiveinrow`: FiveInRow's Gomocup brain under the name managers look for
//! (the same as `fiveinrow gomocup`).

#![forbid(unsafe_code)]

fn main() {
    fiveinrow_protocol::session::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
}
