"""Party mode over loopback: a phone action's round trip, ten phones at once."""
