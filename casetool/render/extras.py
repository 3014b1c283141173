"""What the model leaves out but a casebook prints, read again from setting.yaml.

The model (casetool.model) keeps only what checking needs, so item `image:` paths and
attribute `label:`s are not on it. The setting file has already been validated when
this runs, so reading it again cannot fail in a new way; we keep each image's source
position so a bad path is reported at its own line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Pos
from ..loader import LocStr, load_yaml
from ..model import Setting
from ..project import display_path


@dataclass
class Image:
    src: str
    pos: Pos


@dataclass
class SettingExtras:
    images: dict[str, Image] = field(default_factory=dict)  # item id -> image
    labels: dict[tuple[str, str], str] = field(default_factory=dict)  # (category, attribute) -> label


def read_extras(setting: Setting) -> SettingExtras:
    doc = load_yaml(setting.path, display_path(setting.path))
    extras = SettingExtras()
    for cid, cdoc in doc["categories"].items():
        for aid, adoc in (cdoc.get("attributes") or {}).items():
            if adoc.get("label"):
                extras.labels[(cid, aid)] = str(adoc["label"])
        for iid, idoc in cdoc["items"].items():
            src = idoc.get("image")
            if src:
                pos = src.pos if isinstance(src, LocStr) else idoc.pos_of("image")
                extras.images[iid] = Image(str(src), pos)
    return extras
