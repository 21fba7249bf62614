#!/usr/bin/env python3
"""Generate Schemas/scene.xsd from the tables below.

The schema repeats the same attribute groups across nine view kinds and their per-kind
variations; writing it from one table keeps every kind consistent and every attribute
documented once. Run `python3 Scripts/make-xsd.py > Schemas/scene.xsd && make schema`.
"""
from xml.sax.saxutils import escape

NUMBER = r"[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?"
SIZE_CLASS_VALUES = ["compact", "any", "regular"]
ALL_CLASSES = [f"{w}-{h}" for w in SIZE_CLASS_VALUES for h in SIZE_CLASS_VALUES]

ATTRIBUTES = {
    "left": "The left edge (x).", "right": "The right edge (x + width).", "top": "The top edge (y).",
    "bottom": "The bottom edge (y + height).", "leading": "The leading edge; layout is left-to-right, so the left edge.",
    "trailing": "The trailing edge; layout is left-to-right, so the right edge.", "width": "The width.",
    "height": "The height.", "centerX": "The horizontal centre.", "centerY": "The vertical centre.",
    "firstBaseline": "The baseline of the first line of text: top + firstBaselineOffset.",
    "lastBaseline": "The baseline of the last line of text: bottom - lastBaselineOffset.",
    "baseline": "The same as lastBaseline.", "leftMargin": "The left edge inset by the left layout margin.",
    "rightMargin": "The right edge inset by the right layout margin.", "topMargin": "The top edge inset by the top layout margin.",
    "bottomMargin": "The bottom edge inset by the bottom layout margin.",
    "leadingMargin": "The leading edge inset by the leading layout margin.",
    "trailingMargin": "The trailing edge inset by the trailing layout margin.",
    "centerXWithinMargins": "The horizontal centre of the margin rectangle.",
    "centerYWithinMargins": "The vertical centre of the margin rectangle.",
}
RELATIONS = {"equal": "first = multiplier x second + constant (the default).",
             "lessThanOrEqual": "first <= multiplier x second + constant.",
             "greaterThanOrEqual": "first >= multiplier x second + constant."}
WEIGHTS = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
TITLE_HEIGHT_ROUNDINGS = {
    "pixel": "Up to the screen's pixel grid, as a label's line (the default; 17 pt: 20.33 on a 3x screen, 20.5 on a 2x one).",
    "point": "Up to whole points (17 pt: 21): the height Interface Builder gives a configured button that no stack view lays out.",
}
AXES = {"horizontal": "Arranged views side by side, leading to trailing (the default).", "vertical": "Arranged views top to bottom."}
ALIGNMENTS = {
    "fill": "Arranged views fill the stack across its axis (the default).", "leading": "Aligned to the leading edge (vertical stacks).",
    "top": "Aligned to the top edge (horizontal stacks).", "center": "Centred across the axis.",
    "trailing": "Aligned to the trailing edge (vertical stacks).", "bottom": "Aligned to the bottom edge (horizontal stacks).",
    "firstBaseline": "First baselines aligned (horizontal stacks).", "lastBaseline": "Last baselines aligned (horizontal stacks).",
}
DISTRIBUTIONS = {
    "fill": "Arranged views fill the axis; the one with the lowest hugging priority stretches (the default).",
    "fillEqually": "Arranged views get equal sizes along the axis.",
    "fillProportionally": "Sizes along the axis proportional to the views' intrinsic sizes.",
    "equalSpacing": "Equal gaps between arranged views, at least the spacing.",
    "equalCentering": "Equal distances between the centres of arranged views.",
}
NAMED_PRIORITIES = {"required": "1000: must hold exactly.", "defaultHigh": "750: the default compression resistance.",
                    "defaultLow": "250: the default content hugging.", "fittingSizeLevel": "50: the fitting-size level."}

COMMON_OVERRIDABLE = [
    ("installed", "boolean", "Whether the view (with its subtree and every constraint naming it) exists in this class. Default true."),
    ("hidden", "boolean", "Hidden views stay in layout, except hidden arranged subviews of a stack view, which take no space. Default false."),
    ("backgroundColor", "color", "Fill colour for reports, #rgb or #rrggbb. Default none (transparent)."),
    ("layoutMargins", "edgeInsets", "Fixed layout margins, four numbers: top left bottom right. Default: a view controller's root view 16 (20 on canvases 400 points wide or more) left and right, 0 top and bottom; every other view, and the root of a root=\"view\" or root=\"cell\" scene, 8 on every side."),
    ("intrinsicWidth", "intrinsic", "Explicit intrinsic content width in points, or none; overrides any measured size. Default: measured (labels, buttons, text fields, image views, switches), else none."),
    ("intrinsicHeight", "intrinsic", "Explicit intrinsic content height in points, or none; overrides any measured size. Default: measured (labels, buttons, text fields, image views, switches), else none."),
    ("horizontalHuggingPriority", "priority", "Priority of width <= intrinsic width. Default 251 for labels, 250 otherwise."),
    ("verticalHuggingPriority", "priority", "Priority of height <= intrinsic height. Default 251 for labels, 250 otherwise."),
    ("horizontalCompressionResistancePriority", "priority", "Priority of width >= intrinsic width. Default 750."),
    ("verticalCompressionResistancePriority", "priority", "Priority of height >= intrinsic height. Default 750."),
    ("firstBaselineOffset", "number", "Distance of the first baseline from the top. Default: text views derive it from their font; other views have their baselines at the bottom."),
    ("lastBaselineOffset", "number", "Distance of the last baseline from the bottom. Default: text views derive it from their font; other views 0."),
]
def font(default_size):
    return [("fontSize", "number", f"Point size of the system font the text is measured with. Default {default_size}."),
            ("fontWeight", "fontWeight", "Weight of the system font (ultraLight ... black). Default regular.")]
KIND_OVERRIDABLE = {
    "view": [], "switch": [], "scrollView": [],
    "label": [("text", "string", "The label's text; its measured size is the label's intrinsic size. Default empty.")] + font(17),
    "button": [("title", "string", "The button's title; with the content insets it gives the intrinsic size. Default empty.")] + font(15),
    "textField": [("text", "string", "The field's text. Default empty."), ("placeholder", "string", "Shown while the field is empty; the longer of text and placeholder sets the intrinsic width. Default empty.")] + font(14),
    "textView": [("text", "string", "The text view's text (it scrolls, so it gives no intrinsic size). Default empty.")] + font(14),
    "imageView": [],
    "stackView": [("axis", "axis", "Direction arranged views are laid out in. Default horizontal."),
                  ("alignment", "alignment", "Layout across the axis. Default fill."),
                  ("distribution", "distribution", "Layout along the axis. Default fill."),
                  ("spacing", "number", "Space between arranged views in points. Default 0.")],
}
KIND_FIXED = {
    "button": [("contentInsets", "edgeInsets", "Addition: an iOS 15 configured button (UIButton.Configuration): its title, measured as a one-line label, plus these insets (top left bottom right) is its intrinsic size, instead of the classic button's 6 points above and below. Default: a classic button."),
               ("titleHeightRounding", "titleHeightRounding", "Addition, configured buttons only (with contentInsets): how the title's line height rounds up before the insets are added. Default pixel.")],
    "label": [("numberOfLines", "xs:nonNegativeInteger", "Maximum lines; 0 means unlimited (text wraps at the label's width). Default 1.")],
    "imageView": [("image", "string", "The image's name (informational only; the size comes from imageWidth and imageHeight)."),
                  ("imageWidth", "number", "The image's width in points: the view's intrinsic width. Default: no intrinsic width."),
                  ("imageHeight", "number", "The image's height in points: the view's intrinsic height. Default: no intrinsic height.")],
}
KIND_DOC = {
    "view": "A plain view: no intrinsic content size.",
    "label": "A label (UILabel): its text, measured with the font-metrics model, gives its intrinsic size. Default font 17 pt.",
    "button": "A system button (UIButton): its title plus content insets gives its intrinsic size. Default font 15 pt.",
    "textField": "A rounded-rect text field (UITextField): 30 points tall. Default font 14 pt.",
    "textView": "A text view (UITextView): scrolls its text, so it has no intrinsic size.",
    "imageView": "An image view (UIImageView): its image's size is its intrinsic size.",
    "switch": "A switch (UISwitch): 51 x 31 points.",
    "stackView": "A stack view (UIStackView): lays out its child views (its arranged subviews, in order) with generated constraints.",
    "scrollView": "A scroll view (UIScrollView): its children are its content; constraints to its edges attach to the content area.",
}
COMMON_FIXED = [
    ("insetsLayoutMarginsFromSafeArea", "boolean", "Root view only: measure the layout margins from the safe area instead of the bounds (UIKit's insetsLayoutMarginsFromSafeArea). Default false."),
]
ROOT_KINDS = {"viewController": "The root view of a view controller's scene: margins 16 or 20 at the sides, 0 at the top and bottom (the default).",
              "view": "A free-standing view, as a .xib's top-level view: margins 8 on every side.",
              "cell": "A table or collection view cell's content view: margins 8 on every side."}
TYPE_REF = {"string": "xs:string", "edgeInsets": "edgeInsetsType", "titleHeightRounding": "titleHeightRoundingType", "rootKind": "rootKindType", "boolean": "booleanType", "color": "colorType", "intrinsic": "intrinsicType",
            "priority": "priorityType", "number": "numberType", "fontWeight": "fontWeightType", "axis": "axisType",
            "alignment": "alignmentType", "distribution": "distributionType"}

out = []
def w(line=""): out.append(line)
def doc(text, indent):
    pad = " " * indent
    w(f"{pad}<xs:annotation><xs:documentation>{escape(text)}</xs:documentation></xs:annotation>")
def enum(name, values, text):
    w(f'  <xs:simpleType name="{name}">'); doc(text, 4)
    w('    <xs:restriction base="xs:string">')
    for value, meaning in values.items():
        w(f'      <xs:enumeration value="{value}">'); doc(meaning, 8); w('      </xs:enumeration>')
    w('    </xs:restriction>'); w('  </xs:simpleType>')
def attribute(name, kind, text, indent=6, required=False, fixed=None):
    pad = " " * indent
    use = ' use="required"' if required else ""
    pinned = f' fixed="{fixed}"' if fixed is not None else ""
    w(f'{pad}<xs:attribute name="{name}" type="{TYPE_REF.get(kind, kind)}"{use}{pinned}>'); doc(text, indent + 2); w(f'{pad}</xs:attribute>')

w('<?xml version="1.0" encoding="UTF-8"?>')
w('<!-- Generated by Scripts/make-xsd.py from its tables; the contract is SCENE-FORMAT.md. -->')
w('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">')
doc("Ninefold scene documents: views, Auto Layout constraints and their per-size-class variations. "
    "See SCENE-FORMAT.md for the geometry and the meaning of 'solves uniquely'.", 2)

w('  <!-- Simple types -->')
w('  <xs:simpleType name="numberType">'); doc("A decimal number (no NaN or infinity): [+-]digits[.digits][e[+-]digits].", 4)
w(f'    <xs:restriction base="xs:string"><xs:pattern value="{NUMBER}"/></xs:restriction>'); w('  </xs:simpleType>')
w('  <xs:simpleType name="idType">'); doc("An id: a letter, digit or underscore (Interface Builder's object ids often begin with a digit), then letters, digits, underscores or hyphens. Unique in the document.", 4)
w(r'    <xs:restriction base="xs:string"><xs:pattern value="[A-Za-z0-9_][A-Za-z0-9_\-]*"/></xs:restriction>'); w('  </xs:simpleType>')
w('  <xs:simpleType name="itemType">')
doc("What a constraint relates: a view id; topLayoutGuide, bottomLayoutGuide or safeArea of the root view; "
    "or S.contentLayoutGuide / S.frameLayoutGuide of scroll view S.", 4)
w(r'    <xs:restriction base="xs:string"><xs:pattern value="[A-Za-z0-9_][A-Za-z0-9_\-]*(\.(contentLayoutGuide|frameLayoutGuide))?"/></xs:restriction>')
w('  </xs:simpleType>')
w('  <xs:simpleType name="booleanType">'); doc("true or false.", 4)
w('    <xs:restriction base="xs:string">')
w('      <xs:enumeration value="true">'); doc("Yes.", 8); w('      </xs:enumeration>')
w('      <xs:enumeration value="false">'); doc("No.", 8); w('      </xs:enumeration>')
w('    </xs:restriction>')
w('  </xs:simpleType>')
w('  <xs:simpleType name="colorType">'); doc("An sRGB colour: #rgb or #rrggbb.", 4)
w('    <xs:restriction base="xs:string"><xs:pattern value="#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})"/></xs:restriction>')
w('  </xs:simpleType>')
enum("sizeClassType", {c: f"Width class {c.split('-')[0]}, height class {c.split('-')[1]}." for c in ALL_CLASSES},
     "A size class, WIDTH-HEIGHT, each compact, any or regular.")
enum("variationSizeClassType", {c: f"Width class {c.split('-')[0]}, height class {c.split('-')[1]}." for c in ALL_CLASSES if c != "any-any"},
     "The size class a variation is for. any-any is not allowed: the element's own attributes are its any-any values.")
w('  <xs:simpleType name="priorityNumberType">'); doc("A priority from 1 to 1000; 1000 is required.", 4)
w('    <xs:restriction base="xs:integer"><xs:minInclusive value="1"/><xs:maxInclusive value="1000"/></xs:restriction>')
w('  </xs:simpleType>')
enum("namedPriorityType", NAMED_PRIORITIES, "UIKit's named priorities.")
w('  <xs:simpleType name="priorityType">'); doc("A priority: 1-1000, or required, defaultHigh, defaultLow, fittingSizeLevel.", 4)
w('    <xs:union memberTypes="priorityNumberType namedPriorityType"/>'); w('  </xs:simpleType>')
w('  <xs:simpleType name="ratioType">'); doc("A ratio a:b or a/b.", 4)
w(f'    <xs:restriction base="xs:string"><xs:pattern value="({NUMBER})[:/]({NUMBER})"/></xs:restriction>'); w('  </xs:simpleType>')
w('  <xs:simpleType name="multiplierType">'); doc("A multiplier: a number or a ratio a:b or a/b. Must be finite and non-zero.", 4)
w('    <xs:union memberTypes="numberType ratioType"/>'); w('  </xs:simpleType>')
enum("standardType", {"standard": "The system spacing: 8, or 20 between a view and its superview's edge."}, "The standard spacing.")
w('  <xs:simpleType name="constantType">'); doc("A constant in points, or standard.", 4)
w('    <xs:union memberTypes="numberType standardType"/>'); w('  </xs:simpleType>')
w('  <xs:simpleType name="edgeInsetsType">'); doc("Four numbers separated by spaces: top left bottom right, in points.", 4)
w(f'    <xs:restriction base="xs:string"><xs:pattern value="\\s*({NUMBER})(\\s+({NUMBER})){{3}}\\s*"/></xs:restriction>'); w('  </xs:simpleType>')
enum("rootKindType", ROOT_KINDS, "What a scene's root view is; it decides the root's default layout margins.")
enum("noneType", {"none": "No intrinsic size on this axis, even if the content would give one."}, "No intrinsic size.")
w('  <xs:simpleType name="intrinsicType">'); doc("An intrinsic size in points, or none.", 4)
w('    <xs:union memberTypes="numberType noneType"/>'); w('  </xs:simpleType>')
enum("attributeType", ATTRIBUTES, "A layout attribute, as NSLayoutConstraint.Attribute.")
enum("relationType", RELATIONS, "How the first item relates to the second.")
enum("fontWeightType", {v: f"The {v} weight of the system font." for v in WEIGHTS}, "A system font weight.")
enum("titleHeightRoundingType", TITLE_HEIGHT_ROUNDINGS, "How a configured button's title height rounds up.")
enum("axisType", AXES, "A stack view's axis.")
enum("alignmentType", ALIGNMENTS, "A stack view's alignment.")
enum("distributionType", DISTRIBUTIONS, "A stack view's distribution.")

w('  <!-- Elements -->')
w('  <xs:element name="scene">'); doc("A scene document: canvases, then exactly one root view.", 4)
w('    <xs:complexType>'); w('      <xs:sequence>')
w('        <xs:element name="canvas" minOccurs="0" maxOccurs="unbounded">'); doc("The root view's size for exactly the size class named; other classes keep their default canvas.", 10)
w('          <xs:complexType>')
attribute("sizeClass", "sizeClassType", "The class this canvas is for (any of the nine); it sets exactly that class. Required.", 12, True)
attribute("width", "number", "Canvas width in points. Required; defaults per class are in SCENE-FORMAT.md (e.g. 375 for compact-regular).", 12, True)
attribute("height", "number", "Canvas height in points. Required; defaults per class are in SCENE-FORMAT.md (e.g. 667 for compact-regular).", 12, True)
attribute("safeAreaInsets", "edgeInsetsType", "Addition: the root view's safe-area insets on this canvas, four numbers: top left bottom right (a device's status bar, sensor housing and home indicator, and any navigation, tab or tool bar). The safe-area guide, topLayoutGuide, bottomLayoutGuide and margins measured from the safe area follow them. Default: 20 0 0 0 (a simulated status bar).", 12)
w('            <xs:attribute name="scale">'); doc("Addition: the device's screen scale, pixels per point: 1, 2 or 3. Labels' intrinsic sizes round up to its pixel grid (a 17-pt label is 20.5 tall at 2, 20.333 at 3). Default: 2 (Interface Builder's Retina canvas).", 14)
w('              <xs:simpleType>'); w('                <xs:restriction base="xs:string">')
for value in ("1", "2", "3"):
    w(f'                  <xs:enumeration value="{value}"/>')
w('                </xs:restriction>'); w('              </xs:simpleType>'); w('            </xs:attribute>')
w('          </xs:complexType>'); w('        </xs:element>')
w('        <xs:group ref="viewElement"/>')
w('      </xs:sequence>')
attribute("version", "xs:string", "Format version: always 1 (a fixed value, so a document written for another version is refused).", 6, True, "1")
attribute("name", "string", "The scene's name, shown in reports. Default: the file name.", 6)
attribute("root", "rootKind", "What the root view is: viewController (the default), view (a free-standing view) or cell (a cell's content view). It sets the root's default layout margins.", 6)
w('    </xs:complexType>'); w('  </xs:element>')

w('  <xs:group name="viewElement">'); doc("Any view element.", 4); w('    <xs:choice>')
for kind in KIND_DOC:
    w(f'      <xs:element name="{kind}" type="{kind}Type">'); doc(KIND_DOC[kind], 8); w('      </xs:element>')
w('    </xs:choice>'); w('  </xs:group>')

w('  <xs:complexType name="frameType">'); doc("The design-time frame as Interface Builder stores it; used only to report misplaced views.", 4)
for name in ["x", "y", "width", "height"]:
    attribute(name, "number", f"Frame {name} in points, in root-view coordinates. Required.", 4, True)
w('  </xs:complexType>')

w('  <xs:complexType name="constraintsType">'); doc("Constraints; where they sit has no meaning.", 4)
w('    <xs:sequence><xs:element name="constraint" type="constraintType" minOccurs="0" maxOccurs="unbounded">')
doc("firstItem.firstAttribute relation multiplier x secondItem.secondAttribute + constant, at priority.", 6)
w('    </xs:element></xs:sequence>'); w('  </xs:complexType>')

w('  <xs:complexType name="constraintType">'); doc("One constraint: firstItem.firstAttribute relation multiplier x secondItem.secondAttribute + constant, at priority.", 4)
w('    <xs:sequence><xs:element name="variation" minOccurs="0" maxOccurs="unbounded">')
doc("Overrides installed, constant or priority for one size class (any-any excluded: the constraint's own attributes are its any-any values).", 6)
w('      <xs:complexType>')
attribute("sizeClass", "variationSizeClassType", "The class this variation is for (not any-any). Required.", 8, True)
attribute("installed", "boolean", "Whether the constraint exists in this class. Default: inherited from less specific declarations.", 8)
attribute("constant", "constantType", "The constant in this class, in points or standard. Default: inherited.", 8)
attribute("priority", "priorityType", "The priority in this class. Default: inherited.", 8)
w('      </xs:complexType>'); w('    </xs:element></xs:sequence>')
attribute("id", "idType", "Unique id of the constraint (unique among views and constraints). Required.", 4, True)
attribute("userLabel", "string", "Readable name shown in reports, e.g. the cookbook's notation. Default: the id.", 4)
attribute("firstItem", "itemType", "The constrained item: a view id, a root guide, or S.contentLayoutGuide / S.frameLayoutGuide. Required.", 4, True)
attribute("firstAttribute", "attributeType", "The constrained attribute. Required.", 4, True)
attribute("relation", "relationType", "equal (default), lessThanOrEqual or greaterThanOrEqual.", 4)
attribute("secondItem", "itemType", "The item related to; absent for a constant constraint such as width = 240.", 4)
attribute("secondAttribute", "attributeType", "The attribute related to; present exactly when secondItem is.", 4)
attribute("multiplier", "multiplierType", "Multiplies the second attribute. Default 1.", 4)
attribute("constant", "constantType", "Added to the right-hand side. Default 0.", 4)
attribute("priority", "priorityType", "1-1000 or a name; 1000 (required) by default.", 4)
attribute("installed", "boolean", "Whether the constraint exists (in any-any). Default true.", 4)
w('  </xs:complexType>')

for kind in KIND_DOC:
    overridable = COMMON_OVERRIDABLE + KIND_OVERRIDABLE[kind]
    w(f'  <xs:complexType name="{kind}VariationType">'); doc(f"Overrides for one size class of a {kind}.", 4)
    w('    <xs:sequence><xs:element name="frame" type="frameType" minOccurs="0">')
    doc("The design-time frame in this class. Optional.", 6)
    w('    </xs:element></xs:sequence>')
    attribute("sizeClass", "variationSizeClassType", "The class this variation is for (not any-any). Required; a variation's other attributes default to the inherited values.", 4, True)
    for name, kind_of, text in overridable:
        attribute(name, kind_of, text, 4)
    w('  </xs:complexType>')
    w(f'  <xs:complexType name="{kind}Type">'); doc(KIND_DOC[kind], 4)
    w('    <xs:choice minOccurs="0" maxOccurs="unbounded">')
    w('      <xs:group ref="viewElement"/>')
    w('      <xs:element name="frame" type="frameType">')
    doc("The design-time frame (at most one; the reader checks). Optional; used only to report misplaced views.", 8)
    w('      </xs:element>')
    w('      <xs:element name="constraints" type="constraintsType">')
    doc("Constraints (at most one block per view; the reader checks). They may name any item in the document.", 8)
    w('      </xs:element>')
    w(f'      <xs:element name="variation" type="{kind}VariationType">')
    doc(f"Overrides of this {kind}'s overridable attributes (and frame) for one size class other than any-any.", 8)
    w('      </xs:element>')
    w('    </xs:choice>')
    attribute("id", "idType", "Unique id of the view; constraints name it as firstItem or secondItem. Required.", 4, True)
    attribute("userLabel", "string", "Readable name shown in reports (Interface Builder's label). Default: the id.", 4)
    for name, kind_of, text in KIND_FIXED.get(kind, []) + COMMON_FIXED + overridable:
        attribute(name, kind_of, text, 4)
    w('  </xs:complexType>')
w('</xs:schema>')
print("\n".join(out))
