"""Party mode: each player's phone holds their hand, the big screen holds the table.

``protocol`` (the JSON messages, pure), ``server`` (the page and the phones'
WebSockets, in a thread of its own), ``host`` (the main-thread bridge to the
match's controller). See docs/PARTY.md.
"""
