//! Connecting: a libpq connection string (`host=... dbname=...`) or URL
//! (`postgresql://user@host/db?sslmode=require`) read by the `postgres`
//! crate, with what libpq adds and the crate lacks: the password from
//! `PGPASSWORD` or the password file, and `sslmode` verify-ca and
//! verify-full with `sslrootcert`. Nothing here prints or keeps a
//! password: messages carry the string through [`mask`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use postgres::config::{Host, SslMode};
use postgres::{Client, Config};

use super::FloorError;

/// How a connection checks the server's certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verify {
    /// None (libpq's `require` and `prefer`).
    Nothing,
    /// The chain to a trusted root (`verify-ca`).
    Chain,
    /// The chain and the host name (`verify-full`).
    Full,
}

/// Connects to the database `conninfo` names, as `user` when it names
/// none (a table's or the floor's role). The password is the string's,
/// else `PGPASSWORD`'s, else the password file's line for this host, port,
/// database and user. A connection that cannot be made within 5 seconds
/// (unless `connect_timeout` says otherwise) fails.
pub fn connect(conninfo: &str, user: Option<&str>) -> Result<Client, FloorError> {
    let masked = mask(conninfo);
    let (mut config, verify, rootcert) = parse(conninfo)?;
    if config.get_user().is_none() {
        match user {
            Some(u) => {
                config.user(u);
            }
            None => {
                return Err(FloorError::Conninfo(format!(
                    "{masked}: names no user (user=...)."
                )));
            }
        }
    }
    if config.get_password().is_none()
        && let Some(password) = password_for(&config)
    {
        config.password(password);
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(5));
    }
    let mut tls = native_tls::TlsConnector::builder();
    tls.danger_accept_invalid_certs(verify == Verify::Nothing)
        .danger_accept_invalid_hostnames(verify != Verify::Full);
    if let Some(path) = rootcert {
        let pem =
            std::fs::read(&path).map_err(|e| FloorError::Io(format!("sslrootcert {path}: {e}")))?;
        let cert = native_tls::Certificate::from_pem(&pem)
            .map_err(|e| FloorError::Io(format!("sslrootcert {path}: {e}")))?;
        tls.add_root_certificate(cert);
    }
    let tls = tls
        .build()
        .map_err(|e| FloorError::Io(format!("TLS: {e}")))?;
    config
        .connect(postgres_native_tls::MakeTlsConnector::new(tls))
        .map_err(|e| FloorError::Db(format!("{masked}: {}", super::db_message(&e))))
}

/// Checks that `conninfo` reads as a connection string or URL (its
/// `sslmode` one that is known), without connecting: what a flag's
/// mistake is said from before anything is opened. The message masks the
/// password.
pub fn check_conninfo(conninfo: &str) -> Result<(), FloorError> {
    parse(conninfo).map(|_| ())
}

/// The connection string read: its settings, how far to check the
/// server's certificate, and the `sslrootcert` file.
fn parse(conninfo: &str) -> Result<(Config, Verify, Option<String>), FloorError> {
    let masked = mask(conninfo);
    let (rest, sslmode) = take_param(conninfo, "sslmode");
    let (rest, rootcert) = take_param(&rest, "sslrootcert");
    let mut config: Config = rest
        .parse()
        .map_err(|e| FloorError::Conninfo(format!("{masked}: {e}")))?;
    let verify = match sslmode.as_deref() {
        None | Some("prefer") => {
            config.ssl_mode(SslMode::Prefer);
            Verify::Nothing
        }
        Some("disable") => {
            config.ssl_mode(SslMode::Disable);
            Verify::Nothing
        }
        Some("require") => {
            config.ssl_mode(SslMode::Require);
            Verify::Nothing
        }
        Some("verify-ca") => {
            config.ssl_mode(SslMode::Require);
            Verify::Chain
        }
        Some("verify-full") => {
            config.ssl_mode(SslMode::Require);
            Verify::Full
        }
        Some(other) => {
            return Err(FloorError::Conninfo(format!(
                "{masked}: sslmode {other:?} is not one of disable, prefer, require, verify-ca, verify-full."
            )));
        }
    };
    Ok((config, verify, rootcert))
}

/// `conninfo` with its password, if it has one, replaced by `***`: what a
/// message, a log or the screen may show.
pub fn mask(conninfo: &str) -> String {
    match split(conninfo) {
        Some(Parts::Url { head, query }) => {
            // The user information: between `://` and the last `@` before
            // the path.
            let scheme_end = head.find("://").map_or(0, |i| i + 3);
            let authority_end = head[scheme_end..]
                .find('/')
                .map_or(head.len(), |i| scheme_end + i);
            let mut out = head.to_string();
            if let Some(at) = head[scheme_end..authority_end].rfind('@') {
                let userinfo = &head[scheme_end..scheme_end + at];
                if let Some(colon) = userinfo.find(':') {
                    out = format!(
                        "{}{}:***{}",
                        &head[..scheme_end],
                        &userinfo[..colon],
                        &head[scheme_end + at..]
                    );
                }
            }
            let query: Vec<String> = query
                .iter()
                .map(|(k, v)| {
                    if k == "password" {
                        format!("{k}=***")
                    } else {
                        format!("{k}={v}")
                    }
                })
                .collect();
            if query.is_empty() {
                out
            } else {
                format!("{out}?{}", query.join("&"))
            }
        }
        Some(Parts::Pairs(pairs)) => pairs
            .iter()
            .map(|(k, v)| {
                if k == "password" {
                    format!("{k}=***")
                } else {
                    format!("{k}={}", quote(v))
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        None => "(a connection string that does not read)".into(),
    }
}

/// A connection string in its parts: a URL (before `?`, and its query's
/// raw pairs) or `key=value` pairs (values unquoted).
enum Parts<'a> {
    Url {
        head: &'a str,
        query: Vec<(String, String)>,
    },
    Pairs(Vec<(String, String)>),
}

fn split(conninfo: &str) -> Option<Parts<'_>> {
    let text = conninfo.trim();
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        let (head, query) = text.split_once('?').unwrap_or((text, ""));
        let query = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (k.to_string(), v.to_string())
            })
            .collect();
        return Some(Parts::Url { head, query });
    }
    let mut pairs = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.peek().is_none() {
            return Some(Parts::Pairs(pairs));
        }
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| *c != '=' && !c.is_whitespace()) {
            key.push(c);
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        chars.next_if_eq(&'=')?;
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let mut value = String::new();
        if chars.next_if_eq(&'\'').is_some() {
            loop {
                match chars.next()? {
                    '\'' => break,
                    '\\' => value.push(chars.next()?),
                    c => value.push(c),
                }
            }
        } else {
            while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                if c == '\\' {
                    value.push(chars.next()?);
                } else {
                    value.push(c);
                }
            }
        }
        pairs.push((key, value));
    }
}

fn quote(value: &str) -> String {
    if !value.is_empty() && !value.contains([' ', '\'', '\\']) {
        return value.to_string();
    }
    format!("'{}'", value.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// Takes `key` out of a connection string: the string without it, and its
/// value (a URL's percent-decoded).
fn take_param(conninfo: &str, key: &str) -> (String, Option<String>) {
    match split(conninfo) {
        Some(Parts::Url { head, query }) => {
            let mut found = None;
            let kept: Vec<String> = query
                .into_iter()
                .filter_map(|(k, v)| {
                    if k == key {
                        found = Some(percent_decode(&v));
                        None
                    } else {
                        Some(format!("{k}={v}"))
                    }
                })
                .collect();
            let text = if kept.is_empty() {
                head.to_string()
            } else {
                format!("{head}?{}", kept.join("&"))
            };
            (text, found)
        }
        Some(Parts::Pairs(pairs)) => {
            let mut found = None;
            let kept: Vec<String> = pairs
                .into_iter()
                .filter_map(|(k, v)| {
                    if k == key {
                        found = Some(v);
                        None
                    } else {
                        Some(format!("{k}={}", quote(&v)))
                    }
                })
                .collect();
            (kept.join(" "), found)
        }
        // The parser says what is wrong with it.
        None => (conninfo.to_string(), None),
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The password libpq would use where the string gives none:
/// `PGPASSWORD`, else the first matching line of the password file.
fn password_for(config: &Config) -> Option<String> {
    if let Ok(p) = std::env::var("PGPASSWORD")
        && !p.is_empty()
    {
        return Some(p);
    }
    let file = std::env::var_os("PGPASSFILE")
        .map(PathBuf::from)
        .or_else(default_passfile)?;
    let text = read_passfile(&file)?;
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        // libpq: "localhost" matches a Unix-domain socket connection.
        _ => "localhost".to_string(),
    };
    let port = config
        .get_ports()
        .first()
        .copied()
        .unwrap_or(5432)
        .to_string();
    let user = config.get_user().unwrap_or_default();
    let db = config.get_dbname().unwrap_or(user);
    passfile_lookup(&text, [&host, &port, db, user])
}

fn default_passfile() -> Option<PathBuf> {
    if cfg!(windows) {
        std::env::var_os("APPDATA").map(|a| Path::new(&a).join("postgresql").join("pgpass.conf"))
    } else {
        std::env::var_os("HOME").map(|h| Path::new(&h).join(".pgpass"))
    }
}

/// The password file's text, unless others may read it (libpq ignores it
/// then, and so does this).
fn read_passfile(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(path).ok()?;
        if !meta.is_file() || meta.permissions().mode() & 0o077 != 0 {
            return None;
        }
    }
    std::fs::read_to_string(path).ok()
}

/// The password of the first line whose host, port, database and user
/// match (`*` matches anything; `\:` and `\\` escape).
fn passfile_lookup(text: &str, wanted: [&str; 4]) -> Option<String> {
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = vec![String::new()];
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    if let Some(next) = chars.next() {
                        fields.last_mut()?.push(next);
                    }
                }
                ':' if fields.len() < 5 => fields.push(String::new()),
                c => fields.last_mut()?.push(c),
            }
        }
        if fields.len() == 5
            && fields[..4]
                .iter()
                .zip(wanted)
                .all(|(f, w)| f == "*" || f == w)
        {
            return fields.pop();
        }
    }
    None
}

/// A password file's line for `user`'s password on any host and port of
/// database `db`, escaped as the file wants.
pub(crate) fn passfile_line(db: &str, user: &str, password: &str) -> String {
    let esc = |s: &str| s.replace('\\', "\\\\").replace(':', "\\:");
    format!("*:*:{}:{}:{}\n", esc(db), esc(user), esc(password))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_shows() {
        assert_eq!(
            mask("postgresql://fc.t.T1:s3cret@db.example:5432/floor?sslmode=require"),
            "postgresql://fc.t.T1:***@db.example:5432/floor?sslmode=require"
        );
        assert_eq!(
            mask("host=db user=x password='a b\\'c' sslmode=require"),
            "host=db user=x password=*** sslmode=require"
        );
        assert_eq!(
            mask("postgres://u@h/d?password=s3cret"),
            "postgres://u@h/d?password=***"
        );
        assert!(!mask("host=db password=s3cret").contains("s3cret"));
        assert!(!mask("host=db password='unclosed").contains("unclosed"));
    }

    #[test]
    fn ssl_parameters_are_taken_out() {
        let (rest, mode) = take_param("host=db sslmode=verify-full user=x", "sslmode");
        assert_eq!(
            (rest.as_str(), mode.as_deref()),
            ("host=db user=x", Some("verify-full"))
        );
        let (rest, cert) = take_param(
            "postgresql://h/d?sslrootcert=%2Ftmp%2Fca.pem&sslmode=require",
            "sslrootcert",
        );
        assert_eq!(rest, "postgresql://h/d?sslmode=require");
        assert_eq!(cert.as_deref(), Some("/tmp/ca.pem"));
    }

    #[test]
    fn the_password_file_is_read_as_libpq_reads_it() {
        let text = "# comment\nother:*:*:*:no\n*:5432:floor:fc.t.T1:pa\\:ss\\\\\n*:*:*:*:any\n";
        assert_eq!(
            passfile_lookup(text, ["db", "5432", "floor", "fc.t.T1"]).as_deref(),
            Some("pa:ss\\")
        );
        assert_eq!(
            passfile_lookup(text, ["db", "5433", "floor", "fc.t.T1"]).as_deref(),
            Some("any")
        );
        let line = passfile_line("floor", "fc.t.T1", "pa:ss\\");
        assert_eq!(
            passfile_lookup(&line, ["h", "1", "floor", "fc.t.T1"]).as_deref(),
            Some("pa:ss\\")
        );
    }
}
