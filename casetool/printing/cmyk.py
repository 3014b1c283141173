"""The print condition: a CMYK output profile, the PDF/X output intent made of it, and
soft proofs through it.

A print shop prints in CMYK; casetool draws in sRGB. A PDF/X file names the condition it
was made for with an output intent (the CMYK profile, embedded), and the shop's RIP
converts through it. The red-film hiding rests on colours chosen in RGB, so the playtest
judges can also look at a *soft proof*: the page converted sRGB -> CMYK -> sRGB through
the same profile (littlecms, through Pillow's ImageCms), which is what the shop will print,
seen on screen.

No profile is fetched: the default is Ghostscript's generic CMYK profile from Debian's
libgs-common (system-packages.txt), or any profile the user names.
"""

from __future__ import annotations

import base64
import glob
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageCms

# Where Debian's libgs-common puts Ghostscript's default CMYK profile (the second is the
# versioned path the first is linked from).
DEFAULT_PROFILES = ("/usr/share/color/icc/ghostscript/default_cmyk.icc",
                    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc")
PDF_X = "pdf/x-4"   # the only PDF/X that allows transparency: the red-film wedges multiply ink


class NoProfile(Exception):
    """No usable CMYK output profile: the message says which file and what to do."""


def output_profile(path: Path | None = None) -> Path:
    """The CMYK output profile to print with: `path`, or the default one installed."""
    candidates = [str(path)] if path else [p for pattern in DEFAULT_PROFILES for p in sorted(glob.glob(pattern))]
    for candidate in candidates:
        if Path(candidate).is_file():
            _check(Path(candidate))
            return Path(candidate)
    if path:
        raise NoProfile(f"no such file '{path}': name an ICC output profile in CMYK")
    raise NoProfile("no CMYK output profile is installed: install Debian's libgs-common (Ghostscript's "
                    "default profiles) or name one with --output-profile")


def _check(path: Path) -> None:
    try:
        profile = ImageCms.getOpenProfile(str(path))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise NoProfile(f"'{path}' is not an ICC profile Pillow can read ({exc})") from None
    if profile.profile.xcolor_space.strip() != "CMYK":
        raise NoProfile(f"'{path}' is a {profile.profile.xcolor_space.strip()} profile; "
                        "a print condition's output profile is CMYK")


def intent_css(profile: Path) -> str:
    """The stylesheet that makes `profile` the PDF's output intent (WeasyPrint takes the
    `device-cmyk` colour profile as the output intent of a PDF/X). Inline: the layout's
    fetcher reads no file outside the casebook."""
    data = base64.b64encode(profile.read_bytes()).decode("ascii")
    return (f"@color-profile device-cmyk {{ src: url(data:application/vnd.iccprofile;base64,{data}); "
            "components: cyan, magenta, yellow, black }\n")


def profile_name(profile: Path) -> str:
    """The profile's own description, as the output intent names it."""
    opened = ImageCms.getOpenProfile(str(profile)).profile
    return (opened.model or opened.profile_description or profile.name).strip()


@lru_cache(maxsize=4)
def _proof_transform(profile: str) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildProofTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("sRGB"),
                                        ImageCms.getOpenProfile(profile), "RGB", "RGB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        proofRenderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def soft_proof(picture: Image.Image, profile: Path) -> Image.Image:
    """`picture` (sRGB) as printed in the profile's condition and shown again in sRGB:
    colours the press cannot make come back as the nearest it can."""
    proof = ImageCms.applyTransform(picture.convert("RGB"), _proof_transform(str(profile)))
    assert proof is not None   # None only when applied in place
    return proof
