"""The red filter's colours: what reads dark through red film, and what vanishes.

Through red film a colour is seen by its red channel alone. MESSAGE colours have a red
channel of at most 120 (dark through the film); NOISE, VIOLET and COOL colours at least
195 (as pale as the paper). No colour test pixel by pixel can hide the message: the film
is one. What hides it is the eye's spatial limits (casetool.playtest.eye, S-CIELAB): a
person resolves lightness detail finely but colour detail coarsely. So the hiding is
isoluminant: the message differs from the noise around it in chroma only. Its colours
are pale mint-turquoises (red 112-115, dark through the film; CIE Y 0.66-0.68), between
the noise's dark crimsons and pinks (Y 0.14-0.4) and its pale cyans and mints (0.75-0.9):
a random lightness texture at the stroke scale, uncorrelated with the message, which is
all the eye's fine luminance channel sees. The colour difference is at the stroke scale
too, where the eye's chromatic channels blur it. No view may single the message out:
* blue-yellow (b*): the message's b* runs from +11 to -11, centred on the printed
  page's own (about -3, paper included), so it is neither the bluest ink nor the
  yellowest. Sky blues (b* -25) made it "the bluish letters": OCR read one word of
  three hampshire statements in the b* view from 15 cm.
* red-green (a*) and hue: no ink that vanishes through the film can be as green as the
  message (that is what the film sees), but the noise's mints, aquas and pale cyans
  (COOL, a* -6 to -29) share its hue; the message is as pale as the film allows (a red
  of 100 made it a saturated turquoise that a person picks out among pale cyans).
* lightness: the transparent over-layer (OVER) is light (red >= 240, green and blue >=
  190). Multiplied over the message, the deep pinks it had made dark pieces of exactly
  the message's strokes, which the lightness view read.
VIOLET colours are lilacs and mauves with a lot of red.
"""

from __future__ import annotations

import random

from ..printing.film import INK_BELOW

# One luminance (CIE Y 0.66-0.68), b* +11 to -11 about the page's own: see the module's note.
MESSAGE = ((112, 234, 190), (115, 235, 200), (115, 236, 210), (115, 233, 218), (115, 232, 225), (115, 230, 232))
NOISE = (
    (205, 20, 45), (215, 35, 110), (200, 30, 160), (230, 55, 70), (240, 110, 40),
    (245, 130, 170), (210, 45, 25), (225, 60, 190), (250, 150, 110), (235, 95, 140),
)
NOISE_WEIGHTS = (2, 3, 3, 2, 2, 1, 2, 3, 1, 2)
VIOLET = ((195, 40, 200), (200, 55, 180), (195, 30, 150), (205, 65, 215), (195, 45, 125), (200, 70, 170),
          (196, 120, 250), (200, 140, 255), (198, 100, 240))
COOL = ((195, 235, 255), (198, 235, 255), (195, 240, 255), (195, 230, 250), (195, 235, 250), (198, 230, 250),
        (195, 250, 230), (195, 255, 215), (200, 250, 200), (195, 245, 245), (198, 255, 235), (195, 248, 255))
DECOY = COOL + VIOLET
# Light colours laid over everything, statement included, as transparent ink (PDF
# multiply): they break up its outline and keep it dark through the film; light, so the
# strokes they cross darken little (see the module's note); red of 240 or more keeps two
# or three of them over other noise paler than FILM_DARK.
OVER = ((245, 200, 230), (250, 210, 190), (240, 195, 245), (252, 215, 225), (248, 200, 215), (242, 205, 240))
# The event cards' note numbers (bands.hidden_number), in MESSAGE colours (CIELAB L 85,
# chroma 37), stand in a row of decoy numbers. Hue decoys: the mints and aquas nearest
# the note's hue that still vanish (red 195: chroma 20-26, L 94-96). Lightness decoys:
# pale neutrals of the note's own lightness (L 85-88), which the lightness views show
# as numbers just like it.
COOL_DECOY = ((195, 255, 240), (195, 255, 230), (195, 255, 225), (195, 250, 235), (195, 255, 250))
LEVEL_DECOY = ((210, 220, 215), (215, 220, 235), (240, 205, 200), (230, 215, 200), (225, 215, 240))
# The wheels' red film (redfilter), chosen so that the naked view does not single the
# statement out by lightness or hue within its family (issue 26 item 5; docs/playtest.md,
# "Hiding from a looking eye"). Statement inks (red <= 100, dark through the film; the
# CMYK soft proof through Ghostscript's default_cmyk.icc keeps their red at 120 or
# under, against 135-138 for the old pale turquoises): teals, greens, cyans and
# blues spanning the noise's lightness (CIELAB L 52-89) and its cool decoys' hues (h 135-285).
WHEEL_MESSAGE = ((70, 130, 180), (60, 150, 90), (95, 130, 215), (75, 175, 190), (95, 185, 70),
                 (85, 205, 200), (95, 220, 185), (60, 235, 225), (70, 245, 235), (60, 240, 200), (60, 230, 250))
# Noise inks (red >= 205, and the press keeps it at 202 or over; the violets it pulled
# down to 163 are gone): warm inks spanning the statement's lightness (L 44-77), and
# decoys of its own hue family, as dark as an ink that vanishes through the film can be
# in those hues (L 89-96).
WHEEL_WARM = ((205, 20, 45), (215, 35, 110), (230, 55, 70), (235, 95, 140), (240, 110, 40), (230, 120, 90),
              (245, 130, 170), (250, 150, 110), (240, 170, 200))
WHEEL_DECOY = ((210, 255, 215), (205, 255, 225), (205, 255, 240), (205, 255, 250), (205, 250, 250), (205, 245, 255),
               (205, 240, 255), (210, 225, 255))
FILM_DARK = INK_BELOW   # red channel below this reads as ink through the film (one number, printing.film's)


def luma(colour) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def pick(rng: random.Random, colours, weights):
    return rng.choices(colours, weights)[0]
