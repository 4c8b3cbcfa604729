"""The POST forms a page shows, read from its HTML as a browser would
send them: each form's action (the page itself when it names none) and
its fields with the values shown (hidden inputs, the selected option of
a list or, where its empty "— choose —" is selected, its first real
option, as a person picks one; checked boxes and the required ones a
person ticks; text areas); empty text boxes get ``TYPED`` so a submit
carries something."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin

TYPED = "Double submit test text."


@dataclass
class PageForm:
    """One ``<form method="post">``: where it goes and what it sends."""

    action: str
    data: dict[str, list[str]] = field(default_factory=dict)
    label: str = ""

    def add(self, name: str, value: str) -> None:
        self.data.setdefault(name, []).append(value)

    def post_data(self) -> dict[str, object]:
        """The data for the test client (lists for repeated names)."""
        return {k: v if len(v) > 1 else v[0] for k, v in self.data.items()}


class _FormParser(HTMLParser):
    def __init__(self, page_url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page_url = page_url
        self.forms: list[PageForm] = []
        self.form: PageForm | None = None
        self.select: str | None = None
        self.select_value: str | None = None
        self.select_first: str | None = None
        self.textarea: str | None = None
        self.text = ""
        self.button_text: str | None = None

    def handle_starttag(self, tag: str, attrs_list) -> None:
        attrs = {k: (v if v is not None else "") for k, v in attrs_list}
        if tag == "form" and attrs.get("method", "get").lower() == "post":
            self.form = PageForm(action=urljoin(self.page_url, attrs.get("action") or self.page_url))
            return
        if self.form is None:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            self._input(name, attrs)
        elif tag == "select" and name:
            self.select, self.select_value, self.select_first = name, None, None
        elif tag == "option" and self.select is not None:
            self._option(attrs)
        elif tag == "textarea" and name:
            self.textarea, self.text = name, ""
        elif tag == "button":
            self.button_text = ""
            if name:
                self.form.add(name, attrs.get("value", ""))

    def _input(self, name: str, attrs: dict[str, str]) -> None:
        kind = attrs.get("type", "text").lower()
        if kind in ("checkbox", "radio"):
            # A person ticks what the form requires (the confirmation of a
            # ballot or choice that cannot be taken back).
            if "checked" in attrs or (kind == "checkbox" and "required" in attrs):
                self.form.add(name, attrs.get("value", "on"))
        elif kind not in ("submit", "button", "file"):
            value = attrs.get("value", "")
            if not value and kind in ("text", "number", "search", "") and name != "csrfmiddlewaretoken":
                value = "60" if kind == "number" else TYPED
            self.form.add(name, value)

    def _option(self, attrs: dict[str, str]) -> None:
        value = attrs.get("value")
        if value is None:
            return
        if self.select_first is None and value != "":
            self.select_first = value
        if "selected" in attrs:
            self.select_value = value

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data
        if self.button_text is not None:
            self.button_text += data

    def handle_endtag(self, tag: str) -> None:
        if self.form is None:
            return
        if tag == "select" and self.select is not None:
            # An empty choice ("— choose —") is where a person picks: the first real option.
            value = self.select_value if self.select_value else self.select_first
            if value is not None:
                self.form.add(self.select, value)
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            self.form.add(self.textarea, self.text.removeprefix("\n") or TYPED)
            self.textarea = None
        elif tag == "button" and self.button_text is not None:
            self.form.label = self.form.label or self.button_text.strip()
            self.button_text = None
        elif tag == "form":
            self.forms.append(self.form)
            self.form = None


def post_forms(html: str, page_url: str) -> list[PageForm]:
    """Every POST form of a page (its HTML, its URL path)."""
    parser = _FormParser(page_url)
    parser.feed(html)
    return parser.forms
