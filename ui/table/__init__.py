"""The generic table kit: views, camera, drag and drop, animator, side panel, toasts, inspect, and
TableScene, the base of every game's table scene."""
from .camera import Camera
from .cardface import CARD_SIZE, CardFace, render_back, render_face
from .drag import DragController, DragResult
from .icons import icon
from .palette import Palette, palette
from .views import (BoardView, CardView, DiceView, FigureView, HandView, PileView, TokenView, View, World,
                    ZoneView)

__all__ = [
    "BoardView", "CARD_SIZE", "Camera", "CardFace", "CardView", "DiceView", "DragController", "DragResult",
    "FigureView", "HandView", "Palette", "PileView", "TableScene", "TokenView", "View", "World", "ZoneView",
    "icon", "palette", "render_back", "render_face",
]


def __getattr__(name):
    # TableScene pulls in pygame_gui and the session; import it lazily so views stay light
    if name == "TableScene":
        from .scene import TableScene
        return TableScene
    raise AttributeError(name)
