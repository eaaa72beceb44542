"""The documents the library reads, as ``TypedDict``\\ s: view trees (docs/view-tree-format.md),
scenes (docs/scene-format.md) and timelines (docs/timeline-format.md).

The loaders take these types (:func:`ghostframe.skeleton`, :meth:`ghostframe.Scene.from_json`,
:meth:`ghostframe.Timeline.from_json`, ...), so a type checker reads a dict written in the code
against the format: a misspelt key (``"fram"``), a missing required one (``"frame"``) or a value
of the wrong kind is a type error before anything runs. At run time they are plain dicts (the
library checks them again, naming the JSON path of any problem).

>>> from ghostframe.documents import ViewTreeDocument
>>> tree: ViewTreeDocument = {
...     "viewport": [375, 667],
...     "root": {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [16, 16, 100, 20]}]},
... }

A dict built at run time and annotated ``dict[str, Any]`` is not one of these types; annotate it
with the document's type, or ``cast`` it (documents read with ``json.load`` are ``Any`` and pass).

Each document type is split in two, the required keys (``...Required``, total) and the optional
ones, as ``typing.Required`` needs Python 3.11; use the full names (``ViewNode``, ``SceneLayer``,
...).
"""

from __future__ import annotations

from typing import Literal, Mapping, Sequence, TypedDict, Union

__all__ = [
    # colours and numbers
    "ColorValue",
    "InfiniteNumber",
    # view trees
    "ViewTreeDocument",
    "ViewNode",
    "ViewStyle",
    "CellTemplate",
    "ListSection",
    "Supplement",
    # scenes
    "SceneDocument",
    "SceneLayer",
    "LayerTransform",
    "LayerGradient",
    "LayerSource",
    "TimingDocument",
    "CoreAnimationTiming",
    "SpringParameters",
    "AnimationDocument",
    "BasicAnimation",
    "KeyframeAnimation",
    "SpringAnimation",
    "GroupAnimation",
    "TransitionAnimation",
    # timelines
    "TimelineDocument",
    "TimelineDefinition",
    "TimelineRoot",
    "TimelineItem",
    "StaggerDocument",
]

#: A colour: ``"#RGB"``, ``"#RRGGBB"``, ``"#RRGGBBAA"``, a CSS colour name, or ``[r, g, b, a]`` in [0, 1].
ColorValue = Union[str, Sequence[float]]

#: A number, or ``"infinity"`` where the format allows an infinite value.
InfiniteNumber = Union[float, Literal["infinity"]]

Point = Sequence[float]

# ---------------------------------------------------------------------------------------------
# View trees (docs/view-tree-format.md)
# ---------------------------------------------------------------------------------------------


class ViewStyle(TypedDict, total=False):
    """A ``style`` object: one level of the style cascade (every key optional)."""

    animation: Literal["none", "shimmer", "breathe", "drop"]
    effect: Literal["none", "shimmer", "breathe", "drop"]
    palette: Literal["light", "dark"]
    color: ColorValue
    backgroundColor: ColorValue
    heightCoefficient: float
    boneHeight: float
    cornerRadius: float
    useCornerRadius: bool
    lineHeight: float
    lineSpacing: float
    lastLineScale: float
    shimmerDuration: float
    shimmerSpeed: float
    shimmerDirection: Literal["right", "left", "down", "up", "diagonal"]
    shimmerSpace: Literal["element", "shared"]
    shimmerColor: Union[ColorValue, Literal["bone"]]
    shimmerBrightness: float
    breatheDuration: float
    dropDuration: float
    dropColor: ColorValue
    dropStayRatio: float
    lengthDuration: float
    longScale: float
    shortScale: float
    rightToLeft: bool
    reducedMotion: Literal["off", "static", "crossFade"]


class Supplement(TypedDict, total=False):
    """A list section's ``header`` or ``footer``."""

    cell: str  # required by the format
    height: float


class ListSection(TypedDict, total=False):
    """A ``sections`` entry of a ``table`` (``rowHeight``, ``rows``) or a ``collection``
    (``itemSize``, ``spacing``, ``insets``, ``items``); ``cell`` is required."""

    cell: str
    rowHeight: float
    rows: int
    itemSize: Sequence[float]
    spacing: Union[float, Sequence[float]]
    insets: Union[float, Sequence[float]]
    items: int
    header: Supplement
    footer: Supplement


class ViewNodeRequired(TypedDict):
    """The keys every node has."""

    frame: Sequence[float]


class ViewNode(ViewNodeRequired, total=False):
    """One view (a node): ``frame`` required, the rest optional. ``type`` is a kind of the
    format (``"view"``, ``"label"``, ``"image"``, ``"button"``, ``"textField"``, ``"textView"``,
    ``"table"``, ``"collection"``) or a registered host kind (``"vendor.Name"``)."""

    id: str
    type: str
    children: Sequence["ViewNode"]
    lines: int
    align: Literal["left", "center", "right", "natural"]
    cornerRadius: float
    hidden: bool
    skeleton: Literal["auto", "skip", "block", "keep"]
    style: ViewStyle
    contentOffset: Sequence[float]
    sections: Sequence[ListSection]


class CellTemplateRequired(TypedDict):
    """The keys every cell template has."""

    size: Sequence[float]


class CellTemplate(CellTemplateRequired, total=False):
    """A cell template (a value of ``cells``)."""

    children: Sequence[ViewNode]
    adjust: Sequence[str]
    style: ViewStyle


class ViewTreeDocumentRequired(TypedDict):
    """The keys every view tree has."""

    viewport: Sequence[float]
    root: ViewNode


class ViewTreeDocument(ViewTreeDocumentRequired, total=False):
    """A view tree: ``viewport`` and ``root`` required; ``style``, ``cells`` and ``adjust``
    optional."""

    style: ViewStyle
    cells: Mapping[str, CellTemplate]
    adjust: Sequence[str]


# ---------------------------------------------------------------------------------------------
# Scenes (docs/scene-format.md)
# ---------------------------------------------------------------------------------------------


class LayerTransform(TypedDict, total=False):
    """A layer's ``transform``."""

    scale: Union[float, Sequence[float]]
    rotation: float
    translation: Sequence[float]


class LayerGradientRequired(TypedDict):
    """The keys every gradient has."""

    colors: Sequence[ColorValue]


class LayerGradient(LayerGradientRequired, total=False):
    """A layer's ``gradient``."""

    locations: Sequence[float]
    startPoint: Point
    endPoint: Point


class LayerSourceRequired(TypedDict):
    """The keys every source has."""

    kind: Literal["view", "label", "image", "button", "textField", "textView", "table", "collection"]


class LayerSource(LayerSourceRequired, total=False):
    """A layer's ``source``: the view a skeleton bone's layer stands for."""

    view: str
    line: int


class SceneLayerRequired(TypedDict):
    """The keys every layer has."""

    id: str


class SceneLayer(SceneLayerRequired, total=False):
    """A layer of a scene document."""

    parent: str
    frame: Sequence[float]
    anchorPoint: Point
    cornerRadius: float
    backgroundColor: ColorValue
    opacity: float
    hidden: bool
    zPosition: float
    transform: LayerTransform
    gradient: LayerGradient
    custom: Mapping[str, float]
    contents: str
    source: LayerSource


class TimingDocument(TypedDict, total=False):
    """A ``timing`` object (Web Animations)."""

    duration: InfiniteNumber
    delay: float
    endDelay: float
    iterations: InfiniteNumber
    iterationStart: float
    direction: Literal["normal", "reverse", "alternate", "alternate-reverse"]
    fill: Literal["none", "forwards", "backwards", "both", "auto"]
    easing: str
    playbackRate: float
    timeOffset: float
    timeScale: float


class CoreAnimationTiming(TypedDict, total=False):
    """A ``coreAnimation`` object (``CAMediaTiming``)."""

    duration: float
    beginTime: float
    speed: float
    timeOffset: float
    repeatCount: InfiniteNumber
    repeatDuration: InfiniteNumber
    autoreverses: bool
    fillMode: Literal["removed", "forwards", "backwards", "both"]
    easing: str


class SpringParameters(TypedDict, total=False):
    """A spring animation's ``spring``."""

    mass: float
    stiffness: float
    damping: float
    initialVelocity: float
    allowsOverdamping: bool


#: An animated value: a number, numbers, or a colour's text.
Value = Union[float, Sequence[float], str]


class _AnimationCommon(TypedDict, total=False):
    layer: str  # top-level animations only (required there)
    key: str  # top-level animations only
    timing: TimingDocument
    coreAnimation: CoreAnimationTiming
    removedOnCompletion: bool


class _BasicRequired(TypedDict):
    type: Literal["basic"]
    keyPath: str


# "from" is a Python keyword: the keys that include it are declared in the functional form.
_BasicValues = TypedDict(
    "_BasicValues", {"from": Value, "to": Value, "by": Value, "additive": bool, "cumulative": bool}, total=False
)


class BasicAnimation(_BasicRequired, _AnimationCommon, _BasicValues):
    """``"type": "basic"``: ``from`` / ``to`` / ``by``."""


class _KeyframesRequired(TypedDict):
    type: Literal["keyframes"]
    keyPath: str
    values: Sequence[Value]


class KeyframeAnimation(_KeyframesRequired, _AnimationCommon, total=False):
    """``"type": "keyframes"``."""

    keyTimes: Sequence[float]
    curves: Sequence[str]
    calculationMode: Literal["linear", "discrete", "paced", "cubic", "cubicPaced"]
    tension: Sequence[float]
    continuity: Sequence[float]
    bias: Sequence[float]
    additive: bool
    cumulative: bool


class _SpringRequired(TypedDict):
    type: Literal["spring"]
    keyPath: str
    to: Value


_SpringValues = TypedDict(
    "_SpringValues",
    {"from": Value, "velocity": Value, "spring": SpringParameters, "additive": bool, "cumulative": bool},
    total=False,
)


class SpringAnimation(_SpringRequired, _AnimationCommon, _SpringValues):
    """``"type": "spring"``."""


class _GroupRequired(TypedDict):
    type: Literal["group"]
    animations: Sequence["AnimationDocument"]


class GroupAnimation(_GroupRequired, _AnimationCommon, total=False):
    """``"type": "group"``: children without ``layer`` or ``key``."""


class _TransitionRequired(TypedDict):
    type: Literal["transition"]
    kind: Literal["fade", "moveIn", "push", "reveal"]
    fromLayer: str


class TransitionAnimation(_TransitionRequired, _AnimationCommon, total=False):
    """``"type": "transition"``."""

    direction: Literal["fromLeft", "fromRight", "fromTop", "fromBottom"]
    startProgress: float
    endProgress: float


#: An animation object of any type.
AnimationDocument = Union[BasicAnimation, KeyframeAnimation, SpringAnimation, GroupAnimation, TransitionAnimation]


class SceneDocumentRequired(TypedDict):
    """The keys every scene document has."""

    format: Literal["ghostframe-scene"]
    version: Literal[1]


class SceneDocument(SceneDocumentRequired, total=False):
    """A scene document."""

    layers: Sequence[SceneLayer]
    animations: Sequence[AnimationDocument]


# ---------------------------------------------------------------------------------------------
# Timelines (docs/timeline-format.md)
# ---------------------------------------------------------------------------------------------


class TimelineDefinitionRequired(TypedDict):
    """The keys every definition has."""

    changes: Mapping[str, Union[float, Sequence[float]]]


class TimelineDefinition(TimelineDefinitionRequired, total=False):
    """A named definition: ``changes`` per view property or key path, an optional ``curve``."""

    curve: str


#: A ``stagger`` object: ``each`` or ``amount``, with ``from`` and ``ease`` optional.
StaggerDocument = TypedDict(
    "StaggerDocument",
    {"each": float, "amount": float, "from": Union[Literal["start", "end", "center", "edges"], int], "ease": str},
    total=False,
)


#: GSAP position text (``"<"``, ``"+=0.5"``, ``"label-=1"``) or an absolute time.
Position = Union[float, str]


class _InstanceRequired(TypedDict):
    anim: str
    layers: Sequence[str]
    duration: float


class InstanceItem(_InstanceRequired, total=False):
    """``{"anim": NAME, "layers": [IDS], "duration": S}``."""

    position: Position


class _DelayRequired(TypedDict):
    delay: float


class DelayItem(_DelayRequired, total=False):
    """``{"delay": S}``."""

    position: Position


class _StaggerRequired(TypedDict):
    stagger: Union[float, StaggerDocument]


class StaggerItem(_StaggerRequired, total=False):
    """``{"stagger": S}`` or ``{"stagger": {...}}``."""

    position: Position


class _LabelRequired(TypedDict):
    label: str


class LabelItem(_LabelRequired, total=False):
    """``{"label": NAME}``."""

    position: Position


class _SequenceRequired(TypedDict):
    sequence: Sequence["TimelineItem"]


class SequenceItem(_SequenceRequired, total=False):
    """``{"sequence": [ITEM...]}``."""

    position: Position


class _ParallelRequired(TypedDict):
    parallel: Sequence["TimelineItem"]


class ParallelItem(_ParallelRequired, total=False):
    """``{"parallel": [ITEM...]}``."""

    position: Position


#: One element of a ``sequence`` or ``parallel``.
TimelineItem = Union[InstanceItem, DelayItem, StaggerItem, LabelItem, SequenceItem, ParallelItem]

#: The ``timeline`` root: a sequence or a parallel.
TimelineRoot = Union[SequenceItem, ParallelItem]


class TimelineDocumentRequired(TypedDict):
    """The keys every timeline document has."""

    timeline: TimelineRoot


class TimelineDocument(TimelineDocumentRequired, total=False):
    """A timeline document: its ``timeline`` and optional ``definitions``."""

    definitions: Mapping[str, TimelineDefinition]
