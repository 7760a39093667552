//! How to start each engine of a match: this program's brain with INFO settings, or the
//! command line of any Gomocup engine.

use crate::error::ProtocolError;

/// How to start an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    /// INFO lines sent after START.
    pub infos: Vec<(String, String)>,
}

impl EngineSpec {
    /// `self[:key=value,...]` (this program's brain; keys: level, threads, depth, nodes,
    /// hash, `param_<name>` for one of the engine's `SearchParams` (sent as `INFO
    /// param_<name>`), and bin=PATH for another build of this program) or a command line
    /// of an external engine (`path [args...]`).
    pub fn parse(spec: &str, self_exe: &str) -> Result<EngineSpec, ProtocolError> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(ProtocolError::EmptySpec);
        }
        if spec == "self" || spec.starts_with("self:") {
            let opts = spec
                .strip_prefix("self")
                .unwrap_or("")
                .trim_start_matches(':');
            // `bin=PATH` runs another build of this program (e.g. the previous one) with
            // the same INFO settings: fixed-node matches between builds.
            let mut command = self_exe.to_string();
            let mut infos = Vec::new();
            for kv in opts.split(',').filter(|s| !s.is_empty()) {
                match kv.split_once('=') {
                    Some(("bin", path)) if !path.trim().is_empty() => {
                        command = path.trim().to_string();
                    }
                    _ => infos.push(self_info(kv)?),
                }
            }
            return Ok(EngineSpec {
                name: spec.to_string(),
                command,
                args: vec!["gomocup".into()],
                infos,
            });
        }
        let mut parts = spec.split_whitespace().map(str::to_string);
        let command = parts.next().ok_or(ProtocolError::EmptySpec)?;
        Ok(EngineSpec {
            name: spec.to_string(),
            command,
            args: parts.collect(),
            infos: Vec::new(),
        })
    }
}

/// One `key=value` of a `self:` spec as the INFO line it becomes.
fn self_info(kv: &str) -> Result<(String, String), ProtocolError> {
    let (k, v) = kv
        .split_once('=')
        .ok_or_else(|| ProtocolError::NotKeyValue(kv.to_string()))?;
    let v = v.trim();
    if let Some(name) = k.trim().strip_prefix("param_") {
        fiveinrow_engine::SearchParams::default()
            .set(name, v)
            .map_err(|_| ProtocolError::UnknownSelfOption(k.trim().to_string()))?;
        return Ok((k.trim().to_string(), v.to_string()));
    }
    let key = match k.trim() {
        "level" => "level",
        "threads" => "thread_num",
        "depth" => "max_depth",
        "nodes" => "max_node",
        "hash" => "hash_size",
        other => return Err(ProtocolError::UnknownSelfOption(other.to_string())),
    };
    let value = if key == "level" && v == "max" {
        fiveinrow_engine::Level::MAX.to_string()
    } else {
        v.parse::<u64>()
            .map_err(|_| ProtocolError::NotANumberFor {
                key: k.to_string(),
                value: v.to_string(),
            })?
            .to_string()
    };
    Ok((key.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let s = EngineSpec::parse("self:level=max,threads=1", "/bin/fiveinrow").unwrap();
        assert_eq!(s.args, vec!["gomocup"]);
        assert_eq!(
            s.infos,
            vec![
                ("level".into(), "8".into()),
                ("thread_num".into(), "1".into())
            ]
        );
        let s = EngineSpec::parse("/opt/pbrain-x --fast", "x").unwrap();
        assert_eq!(
            (s.command.as_str(), s.args.clone()),
            ("/opt/pbrain-x", vec!["--fast".to_string()])
        );
        assert!(EngineSpec::parse("self:speed=3", "x").is_err());
        let s = EngineSpec::parse("self:bin=/tmp/old/fiveinrow,nodes=5000", "x").unwrap();
        assert_eq!(s.command, "/tmp/old/fiveinrow");
        assert_eq!(s.args, vec!["gomocup"]);
        assert_eq!(s.infos, vec![("max_node".into(), "5000".into())]);
        assert!(EngineSpec::parse("", "x").is_err());
        let s = EngineSpec::parse("self:nodes=9,param_move_cap=12/8/6", "x").unwrap();
        assert_eq!(s.infos[1], ("param_move_cap".into(), "12/8/6".into()));
        assert!(EngineSpec::parse("self:param_no_such=1", "x").is_err());
        assert!(EngineSpec::parse("self:param_aspiration=wide", "x").is_err());
    }
}
