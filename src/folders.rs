//! The user's folders for floorcall, as the platform places them (and
//! `XDG_DATA_HOME` / `XDG_CONFIG_HOME` move them): the data folder holds the
//! journal and the remembered table, the config folder the key map and the
//! user's own house-rules files. House rules are found by name here: built
//! in, then the user's folders, then a path. The dealer's screen and every
//! subcommand of the binary read them through this one module; nothing here
//! is written.

use std::path::PathBuf;

use crate::rules::{HouseRules, RulesError};

/// The user's folders for floorcall (journal, remembered table, key map).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    /// Where the journal and the remembered table live.
    pub data: PathBuf,
    /// Where a user's `keys.toml` is read from.
    pub config: PathBuf,
}

impl Folders {
    /// The platform's folders for floorcall, if the home folder is known.
    pub fn find() -> Option<Folders> {
        let dirs = directories::ProjectDirs::from("", "", "floorcall")?;
        Some(Folders {
            data: dirs.data_dir().to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
        })
    }

    /// The session journal.
    pub fn journal(&self) -> PathBuf {
        self.data.join("journal.jsonl")
    }

    /// The remembered table choice.
    pub fn memory(&self) -> PathBuf {
        self.data.join("last-table.toml")
    }

    /// Where the user's own house-rules files are looked for by name.
    pub fn rules(&self) -> Vec<PathBuf> {
        vec![self.config.join("rules"), self.config.clone()]
    }

    /// The user's key map.
    pub fn keys(&self) -> PathBuf {
        self.config.join("keys.toml")
    }
}

/// Where a user's own house-rules files live here (none when the home
/// folder is unknown).
pub fn rules_dirs() -> Vec<PathBuf> {
    Folders::find().map(|f| f.rules()).unwrap_or_default()
}

/// House rules by name: built in, then the user's rules folder, then a path.
pub fn load_house(name: &str) -> Result<HouseRules, RulesError> {
    HouseRules::find(name, &rules_dirs())
}
