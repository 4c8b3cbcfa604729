"""The game's data: games, seats, phases, deadlines, rooms, posts, votes,
choices handed in, resolutions and the append-only event log.

Players are seats (``Player``): posts, votes and actions point at the seat,
never at the account, so a game nickname is never linked to an account
except for admins and the game's host.
"""

from .accounts import AccountLanguage, Event, MailPreference, ProfileSetting, Reminder
from .game import Game, GameVersion, Player, PlayerQuerySet, public_id
from .phases import Action, Deadline, DeadlineQuerySet, Phase, Resolution, Vote
from .rooms import Post, PostManager, ReadMark, Room

__all__ = [
    "AccountLanguage",
    "Action",
    "Deadline",
    "DeadlineQuerySet",
    "Event",
    "Game",
    "GameVersion",
    "MailPreference",
    "Phase",
    "Player",
    "PlayerQuerySet",
    "ProfileSetting",
    "Post",
    "PostManager",
    "ReadMark",
    "Reminder",
    "Resolution",
    "Room",
    "Vote",
    "public_id",
]
