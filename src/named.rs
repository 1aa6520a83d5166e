//! Enums whose variants have names: written once, in [`named_enum!`], which
//! derives serde's names, `name()`, `from_name()`, `ALL` and `NAMES` from the
//! same list, so the JSON, the CLI, links and the lab spell them alike.

/// An enum of plain variants, each with its name:
///
/// ```ignore
/// named_enum! {
///     /// What to do with an answer when a claim fails.
///     pub enum Policy {
///         /// Withhold the whole answer.
///         Block = "block",
///         Flag = "flag",
///     }
/// }
/// ```
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[doc = $doc])* #[serde(rename = $text)] $variant ),+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every variant's name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The name, as serialised (`deliver_with_flags`).
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use named_enum;

#[cfg(test)]
mod tests {
    named_enum! {
        /// A test enum.
        pub enum Colour {
            /// The first.
            Red = "red",
            DarkBlue = "dark_blue",
        }
    }

    #[test]
    fn names_serde_and_lookup_agree() {
        for &c in Colour::ALL {
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(json, format!("\"{}\"", c.name()));
            assert_eq!(Colour::from_name(c.name()), Some(c));
            assert_eq!(serde_json::from_str::<Colour>(&json).unwrap(), c);
        }
        assert_eq!(Colour::NAMES, ["red", "dark_blue"]);
        assert_eq!(Colour::from_name("blue"), None);
    }
}
