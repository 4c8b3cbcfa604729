"""The site's views, one module per page family: ``lobby`` (the game list,
announcing a game), ``account`` (an account's settings), ``game`` (a
game's page, sign-up, acceleration), ``thread`` (threads and posts),
``vote`` (the vote thread), ``cabinet`` (the player's cabinet),
``host_dashboard`` (the host's dashboard and the forms it shows again
when refused), ``host_signup`` (sign-up, the draw, the start) and
``host_tools`` (the host's tools while the game runs), ``replay``
(the replay of a game) and ``rules`` (a ruleset's numbered rules).

Thin: each parses the request with a form, asks ``access``, calls one
page builder (``games.pages``) or one transition (``games.flow``), and
renders. Nicknames only: no account name ever reaches these pages
(except the host's and admins' own views)."""
