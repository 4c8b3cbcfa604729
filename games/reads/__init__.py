"""The read side of a game: what its pages and its transitions read, and
never a write. ``game`` (the ruleset, the state, the open phase, the
cabinet…), ``day`` (the day's ballots, its windows and its stored vote
count), ``choices`` (the choices open to a seat, the abilities it
cannot use now, and the rows the write side stores on ``Phase``),
``profiles`` (an account's revealed finished games and its totals),
``stats`` (the site's finished games by ruleset and player count),
``activity`` (a seat's posts in a thread, a day's posts per seat, a
seat's ballots), ``vote_flow`` (a day's ballots replayed step by step
through its count) and ``rules`` (a ruleset's numbered rules and the link
to each)."""
