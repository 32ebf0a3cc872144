//! The table screen from the outside: keys, screens and sessions built
//! as a dealer drives them, and the real binary in tmux.

pub(crate) mod fixtures;
pub(crate) mod keys;
pub(crate) mod keystrokes;
pub(crate) mod offers;
pub(crate) mod review;
pub(crate) mod screens;
pub(crate) mod session;
pub(crate) mod shift;
pub(crate) mod tmux;
pub(crate) mod wrong_seat;
