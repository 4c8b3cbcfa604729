"""The player's forms: applying to a game, posting, voting and
nominating in the vote thread, handing in a choice, last words."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from ..names import ability_name


class ApplyForm(forms.Form):
    """A player applies with a character (it becomes the game nickname)."""

    nickname = forms.CharField(label=_("Character / game nickname"), max_length=60)

    def __init__(
        self, *args: Any, characters: list[str] | None = None, taken: set[str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if characters:
            free = [c for c in characters if c not in (taken or set())]
            self.fields["nickname"] = forms.ChoiceField(label=_("Character"), choices=[(c, c) for c in free])


def _grouped(n: int) -> str:
    return number_format(n, force_grouping=True)


# ``n`` with the reader's digit grouping (20,000; 20 000), when shown.
grouped = lazy(_grouped, str)


class LastWordsForm(forms.Form):
    """The last words of a player out of the game who holds the right
    (``Ruleset.LAST_WORDS_DUE``, WW18-016), rewritable until the deadline."""

    last_words = forms.CharField(
        label=_("Your last words"),
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 5}),
    )


class PostForm(forms.Form):
    """A post: BBCode subset, at most ``MAX_LENGTH`` characters (the limit
    is stated under the box and a longer post is refused, its text kept)."""

    MAX_LENGTH = 20000

    body = forms.CharField(
        label=_("Message"),
        max_length=MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 5, "id": "post-body"}),
        help_text=format_lazy(_("At most {limit} characters."), limit=grouped(MAX_LENGTH)),
        error_messages={
            "max_length": _(
                "A post may be at most %(limit_value)d characters long; this one has %(show_value)d."
                " Shorten it or split it into two posts."
            )
        },
    )


class SeenForm(forms.Form):
    """The page's own report that its reader saw a room up to post
    ``number`` (``unread.seen_up_to``)."""

    number = forms.IntegerField(min_value=1)


# The first, empty entry of every choice list: nothing is preselected, so
# a player never hands in a name he did not pick.
EMPTY_CHOICE = ("", _("— choose —"))


def confirm_field(label: Any) -> forms.BooleanField:
    """The required tick box of a ballot that cannot be taken back once
    sent (a one-shot vote, a nomination, a once-a-game ability): the
    confirmation step, without JavaScript."""
    return forms.BooleanField(
        label=label,
        required=True,
        error_messages={"required": _("Tick the box to confirm: this choice cannot be taken back.")},
    )


class VoteForm(forms.Form):
    """A vote post: one of the choices the ruleset's day procedure offers
    (a player's public id, ``ABSTAIN`` where abstention is allowed, or a
    re-vote word prefixed with ``WORD``), none preselected. ``final``: the
    vote cannot be changed (``DayProcedure.change`` = ``never``: forum,
    piter, cosmo COSMO-010), so the form asks for a confirmation."""

    ABSTAIN = "abstain"
    # A re-vote word's value is this prefix and the word (cosmo ``jail``).
    WORD = "word:"

    target = forms.ChoiceField(label=_("Vote for"))
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why you vote so; it is posted with your vote."),
        error_messages={
            "max_length": _("A reason may be at most %(limit_value)d characters long; this one has %(show_value)d.")
        },
    )

    def __init__(
        self,
        *args: Any,
        candidates: list[tuple[str, str]] | None = None,
        reason: bool = False,
        reason_required: bool = False,
        final: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].choices = [EMPTY_CHOICE, *(candidates or [])]
        self.fields["target"].error_messages["invalid_choice"] = _(
            "Choose one of the choices offered: a player who may be voted for today, or the abstention."
        )
        if not reason:
            del self.fields["reason"]
        elif reason_required:
            # werewolf18 «明确说明投票对象和投票理由» (WW18-065): no ballot without its reason.
            self.fields["reason"].required = True
            self.fields["reason"].error_messages["required"] = _(
                "Give the reason for your vote: the rules ask every vote post for one."
            )
            self.fields["reason"].help_text = _("Why you vote so (required); it is posted with your vote.")
        if final:
            self.fields["confirm"] = confirm_field(_("I confirm my vote: it cannot be changed."))


class NominateForm(forms.Form):
    """A nomination post: one living player's public id, not yet a
    candidate, none preselected; one nomination each (PITER-010,
    COSMO-007), so the form asks for a confirmation."""

    target = forms.ChoiceField(label=_("Candidate"))

    def __init__(self, *args: Any, candidates: list[tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].choices = [EMPTY_CHOICE, *(candidates or [])]
        self.fields["confirm"] = confirm_field(_("I confirm my nomination: it cannot be taken back."))


class ActionForm(forms.Form):
    """A choice for one ability slot, built from the ruleset's declaration:
    only legal targets are offered, none preselected (the choice handed in
    already is), and ``NOBODY`` where the ability may name nobody
    (``Ability.nobody``: cosmo's judge, COSMO-031). ``phase``: the key of
    the phase the form was shown in (``Phase.key``), so a choice sent after
    that phase was resolved is told which deadline it missed. A ``final``
    choice (``Ability.final``: a public act that cannot be taken back,
    COSMO-030) and an ability usable once a game (``Ability.per_game_limit``
    = 1: cosmo's judge, «Приговор судьи») ask for a confirmation."""

    # The value of the "nobody" answer (no target at all).
    NOBODY = "nobody:"

    ability = forms.CharField(widget=forms.HiddenInput)
    team = forms.BooleanField(required=False, widget=forms.HiddenInput)
    phase = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        slot: Any,
        ruleset: Any,
        handed: list[str] | None = None,
        phase_key: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.slot = slot
        self.title = ability_name(ruleset, slot.ability)
        self.fields["ability"].initial = slot.ability
        self.fields["team"].initial = slot.team is not None
        self.fields["phase"].initial = phase_key
        declared = ruleset.ABILITIES.get(slot.ability)
        self.final = bool(declared and declared.final)
        choices: list[tuple[str, Any]] = [EMPTY_CHOICE, *((c, c) for c in slot.candidates if c)]
        if declared is not None and declared.nobody:
            choices.append((self.NOBODY, _("Nobody")))
        # ``handed``: the targets of the choice handed in already, selected.
        handed = handed or []
        for i in range(slot.targets):
            label = _("Target") if slot.targets == 1 else _("Target %(n)d") % {"n": i + 1}
            initial = handed[i] if i < len(handed) and handed[i] in slot.candidates else None
            self.fields[f"target{i}"] = forms.ChoiceField(label=label, choices=choices, initial=initial)
        spec = ruleset.ABILITIES.get(slot.ability)
        self.once = spec is not None and spec.per_game_limit == 1
        if self.once or self.final:
            self.fields["confirm"] = confirm_field(_("I confirm: this can be used only once a game."))

    def targets(self) -> list[str]:
        """The chosen targets in order; [] for the "nobody" answer."""
        chosen = [self.cleaned_data[f"target{i}"] for i in range(self.slot.targets)]
        return [] if self.NOBODY in chosen else chosen
