//! Colours and marks. With colour, suits use a four-colour deck and the seat
//! to act is yellow; under `NO_COLOR` everything still reads by shape: the
//! seat to act has a thick border and "▶ TO ACT", cards are written as the
//! dealer types them (`As Kd`), refusals start with "✗".

use ratatui::style::{Color, Modifier, Style};

use crate::table::Card;

/// How the screen is drawn: with colour or without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used.
    pub colour: bool,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme { colour: true }
    }
}

impl Theme {
    /// Colour unless the `NO_COLOR` convention asks for none.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { colour: !no_color }
    }

    /// A theme without colour.
    pub fn plain() -> Theme {
        Theme { colour: false }
    }

    fn fg(&self, colour: Color) -> Style {
        if self.colour {
            Style::new().fg(colour)
        } else {
            Style::new()
        }
    }

    /// The seat to act: it must stand out across the table.
    pub fn to_act(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A folded or empty seat.
    pub fn faded(&self) -> Style {
        if self.colour {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// An all-in seat.
    pub fn all_in(&self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }

    /// Titles and headings.
    pub fn heading(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// Amounts that matter (pot, to call, minimum raise).
    pub fn amount(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A refusal or an error.
    pub fn refusal(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    /// A confirmation.
    pub fn info(&self) -> Style {
        self.fg(Color::Green)
    }

    /// A ruling.
    pub fn ruling(&self) -> Style {
        self.fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
    }

    /// A key in a hint.
    pub fn key(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// The card's suit colour: four-colour deck.
    pub fn suit(&self, card: Card) -> Style {
        let colour = match card.suit() {
            0 => Color::Green,     // clubs
            1 => Color::LightBlue, // diamonds
            2 => Color::LightRed,  // hearts
            _ => Color::White,     // spades
        };
        self.fg(colour).add_modifier(Modifier::BOLD)
    }

    /// A card as text: `A♠` with colour, `As` without (as it is typed).
    pub fn card_text(&self, card: Card) -> String {
        if self.colour {
            let suit = ['♣', '♦', '♥', '♠'][card.suit() as usize];
            format!("{}{suit}", card.rank_char())
        } else {
            card.to_string()
        }
    }
}
