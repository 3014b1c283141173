"""What a casebook prints besides the logic: item pictures and attribute labels.

Both come from the model (Item.image and image_pos, Attribute.label), gathered here in
the shape the template context wants. Each image keeps the position of its `image:`
value, so a bad path is reported at its own line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Pos
from ..load.model import Setting


@dataclass
class Image:
    src: str
    pos: Pos


@dataclass
class SettingExtras:
    images: dict[str, Image] = field(default_factory=dict)  # item id -> image
    labels: dict[tuple[str, str], str] = field(default_factory=dict)  # (category, attribute) -> label


def read_extras(setting: Setting) -> SettingExtras:
    extras = SettingExtras()
    for cid, cat in setting.categories.items():
        for aid, attr in cat.attributes.items():
            if attr.label and attr.label != aid.replace("_", " "):  # the model's default is the id itself
                extras.labels[(cid, aid)] = attr.label
        for item in cat.items:
            if item.image:
                extras.images[item.id] = Image(str(item.image), item.image_pos or item.pos)
    return extras
