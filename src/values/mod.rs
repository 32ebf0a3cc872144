//! The value types every layer uses: `Chips` (whole, checked amounts),
//! `Money` (whole units of the smallest coin),
//! `Card` (one byte, parsed from and printed as `As`, `Td`) and `Seat`
//! (1 to 10, clockwise). They sit at the bottom of the module picture and
//! use nothing else of floorcall: the house rules, the hand, the session,
//! the notation and the journal all speak in them. `table` re-exports them
//! where the engine's code has always found them (`table::Chips`,
//! `table::cards`, ...).

pub mod cards;
pub mod chips;
pub mod money;
pub mod seat;

pub use cards::Card;
pub use chips::Chips;
pub use money::Money;
pub use seat::Seat;
