"""The red film as a player holds it: the one fact the drawing and the judge share.

Through red film a colour is seen by its red channel alone; a red channel under
INK_BELOW reads as ink, and the drawing's message inks keep well under it and its noise
inks well over it (decoders/palette.py meets this; playtest/separable.py tells message
pixels by it). The inks themselves are the drawing's choice and reach playtest as data
(decoders.layout.json's film, printing.layout).
"""

INK_BELOW = 150
