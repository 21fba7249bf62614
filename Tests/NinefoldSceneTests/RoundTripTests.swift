import NinefoldScene
import Testing
import SeededRandom

/// read → write → read gives an equal model, for every bundled document and for generated ones.
@Suite struct RoundTripTests {
    @Test(arguments: documents(in: "Documents") + documents(in: "Documents/Broken"))
    func bundledDocumentRoundTrips(_ path: String) throws {
        let scene = try SceneReader().read(contentsOf: path)
        let written = SceneWriter().write(scene)
        let again = try SceneReader().read(string: written, path: path + " (rewritten)")
        #expect(again.strippingLocations() == scene.strippingLocations())
        // Canonical: writing the re-read scene gives the same text.
        #expect(SceneWriter().write(again) == written)
    }

    @Test func additionsRoundTrip() throws {
        // The 2026-11-23 additions: a canvas's safe area and a configured button's content insets.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1">
              <canvas sizeClass="compact-regular" width="393" height="852" safeAreaInsets="59 0 34 0"/>
              <view id="root">
                <button id="b" title="Go" contentInsets="7 12 7.5 12"/>
              </view>
            </scene>
            """
        let scene = try SceneReader().read(string: text, path: "additions.xml")
        #expect(scene.canvases.first?.safeAreaInsets == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(scene.root.subviews.first?.contentInsets == EdgeInsets(top: 7, left: 12, bottom: 7.5, right: 12))
        let again = try SceneReader().read(string: SceneWriter().write(scene), path: "additions (rewritten).xml")
        #expect(again.strippingLocations() == scene.strippingLocations())
    }

    /// Addition (2026-11-23): how a configured button's title height rounds; unstated, pixel.
    @Test func titleHeightRoundingRoundTrips() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1">
              <view id="root">
                <button id="p" title="Go" contentInsets="7 12 7 12" titleHeightRounding="point"/>
                <button id="x" title="Go" contentInsets="7 12 7 12" titleHeightRounding="pixel"/>
                <button id="d" title="Go" contentInsets="7 12 7 12"/>
              </view>
            </scene>
            """
        let scene = try SceneReader().read(string: text, path: "rounding.xml")
        #expect(scene.root.subviews.map(\.titleHeightRounding) == [.point, .pixel, nil])
        let again = try SceneReader().read(string: SceneWriter().write(scene), path: "rounding (rewritten).xml")
        #expect(again.strippingLocations() == scene.strippingLocations())
        let unknown = text.replacingOccurrences(of: #"titleHeightRounding="pixel""#, with: #"titleHeightRounding="half""#)
        #expect(throws: DocumentError.self) { try SceneReader().read(string: unknown, path: "rounding.xml") }
    }

    /// Addition: a canvas's screen scale (pixels per point). Unstated, a class has 2.
    @Test func canvasScaleRoundTrips() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1">
              <canvas sizeClass="compact-regular" width="393" height="852" scale="3"/>
              <view id="root"/>
            </scene>
            """
        let scene = try SceneReader().read(string: text, path: "scale.xml")
        #expect(scene.canvases.first?.scale == 3)
        #expect(scene.scale(for: SizeClass(width: .compact, height: .regular)) == 3)
        #expect(scene.scale(for: .anyAny) == 2)
        let written = SceneWriter().write(scene)
        #expect(written.contains(#"scale="3""#))
        let again = try SceneReader().read(string: written, path: "scale (rewritten).xml")
        #expect(again.strippingLocations() == scene.strippingLocations())
    }

    /// UIKit screens are 1x, 2x or 3x: any other scale is refused, located on the attribute's line.
    @Test(arguments: ["2.5", "0", "three"])
    func otherScalesAreRefused(_ scale: String) {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1">
              <canvas sizeClass="compact-regular" width="393" height="852" scale="\(scale)"/>
              <view id="root"/>
            </scene>
            """
        do {
            _ = try SceneReader().read(string: text, path: "scale.xml")
            Issue.record("scale \(scale) was accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.location?.line == 3 }, "\(error)")
        }
    }

    @Test func generatedDocumentsRoundTrip() throws {
        var random = SplitMix64(state: 7)
        for trial in 0..<300 {
            var generator = SceneGenerator(random: random)
            let scene = generator.make()
            random.state &+= 1
            let written = SceneWriter().write(scene)
            do {
                let again = try SceneReader().read(string: written, path: "generated-\(trial).xml")
                #expect(again.strippingLocations() == scene.strippingLocations(), "trial \(trial)\n\(written)")
            } catch {
                Issue.record("trial \(trial) did not read back: \(error)\n\(written)")
            }
        }
    }
}

/// Random but valid scenes exercising every attribute the writer knows.
struct SceneGenerator {
    var random: SplitMix64
    private var counter = 0
    private var ids: [(String, ViewKind)] = []

    init(random: SplitMix64) { self.random = random }

    mutating func make() -> Scene {
        var root = View(id: "root", kind: .view, userLabel: random.chance(2) ? "Root & <View>" : nil)
        ids = [("root", .view)]
        root.subviews = (0..<(1 + random.below(4))).map { _ in makeView(depth: 1) }
        root.constraints = (0..<random.below(6)).map { _ in makeConstraint() }
        let canvases = random.chance(2)
            ? [Canvas(sizeClass: random.pick(SizeClass.all), width: Double(200 + random.below(600)), height: 480.5,
                      safeAreaInsets: random.below(2) == 0 ? nil
                          : EdgeInsets(top: Double(random.below(60)), left: Double(random.below(45)),
                                       bottom: Double(random.below(35)) + 0.5, right: Double(random.below(45))),
                      scale: random.chance(2) ? nil : Double(1 + random.below(3)))] : []
        if random.chance(3) { root.insetsLayoutMarginsFromSafeArea = random.chance(2) }
        return Scene(name: random.chance(2) ? "Generated \"scene\"" : nil, rootKind: random.pick(RootKind.allCases),
                     canvases: canvases, root: root)
    }

    private mutating func nextID() -> String {
        counter += 1
        return "v\(counter)"
    }

    private mutating func makeView(depth: Int) -> View {
        let kind = random.pick(ViewKind.allCases)
        var view = View(id: nextID(), kind: kind)
        ids.append((view.id, kind))
        if random.chance(2) { view.userLabel = "Label \(counter)\twith tab" }
        view.attributes = makeAttributes(kind: kind)
        if kind == .label && random.chance(2) { view.numberOfLines = random.below(4) }
        if kind == .imageView {
            view.image = "flower"
            view.imageWidth = Double(random.below(300)) + 0.5
            view.imageHeight = 1e-3 * Double(random.below(1000))
        }
        if random.chance(3) { view.attributes.frame = Frame(x: -1.25, y: 3, width: 100, height: 1e5) }
        let variationClasses = SizeClass.all.filter { $0 != .anyAny && random.chance(4) }
        view.variations = variationClasses.map { sizeClass in
            var attributes = makeAttributes(kind: kind)
            if random.chance(3) { attributes.frame = Frame(x: 0, y: 0, width: 1, height: 2) }
            return ViewVariation(sizeClass: sizeClass, attributes: attributes)
        }
        if depth < 3 && (kind == .view || kind == .stackView || kind == .scrollView) {
            view.subviews = (0..<random.below(3)).map { _ in makeView(depth: depth + 1) }
        }
        return view
    }

    private mutating func makeAttributes(kind: ViewKind) -> ViewAttributes {
        var attributes = ViewAttributes()
        if random.chance(3) { attributes.installed = random.chance(2) }
        if random.chance(3) { attributes.hidden = random.chance(2) }
        if random.chance(3) { attributes.backgroundColor = Color(red: UInt8(random.below(256)), green: 0, blue: 255) }
        if random.chance(4) { attributes.layoutMargins = EdgeInsets(top: 0, left: 12.5, bottom: -3, right: 1e-3) }
        if random.chance(3) { attributes.intrinsicWidth = random.chance(2) ? IntrinsicDimension.none : .value(44.5) }
        if random.chance(3) { attributes.intrinsicHeight = .value(Double(random.below(100))) }
        if random.chance(3) { attributes.horizontalHuggingPriority = LayoutPriority(1 + random.below(1000)) }
        if random.chance(3) { attributes.verticalCompressionResistancePriority = LayoutPriority(1000) }
        if random.chance(4) { attributes.firstBaselineOffset = 13.5 }
        if random.chance(4) { attributes.lastBaselineOffset = 0.1 }
        switch kind {
        case .label, .textView:
            if random.chance(2) { attributes.text = random.pick(["Name", "Ünïcödé ✓", "a \"quoted\" <tag> & more", ""]) }
            if random.chance(3) { attributes.fontSize = random.pick([17, 36, 12.5]) }
            if random.chance(3) { attributes.fontWeight = random.pick(FontWeight.allCases) }
        case .button:
            if random.chance(2) { attributes.title = "Tap\nme" }
            if random.chance(3) { attributes.fontWeight = .black }
        case .textField:
            if random.chance(2) { attributes.placeholder = "Enter name" }
            if random.chance(2) { attributes.text = "x" }
            if random.chance(3) { attributes.fontSize = 14 }
        case .stackView:
            if random.chance(2) { attributes.axis = random.pick(StackAxis.allCases) }
            if random.chance(2) { attributes.alignment = random.pick(StackAlignment.allCases) }
            if random.chance(2) { attributes.distribution = random.pick(StackDistribution.allCases) }
            if random.chance(2) { attributes.spacing = 8 }
        default:
            break
        }
        return attributes
    }

    private mutating func makeConstraint() -> Constraint {
        let horizontal: [LayoutAttribute] = [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin]
        let vertical: [LayoutAttribute] = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline, .baseline, .topMargin]
        let (first, _) = random.pick(ids)
        let (second, _) = random.pick(ids)
        var constraint: Constraint
        switch random.below(3) {
        case 0:
            constraint = Constraint(id: nextID(), firstItem: .view(first), firstAttribute: random.pick(horizontal),
                                    secondItem: .view(second), secondAttribute: random.pick(horizontal))
        case 1:
            constraint = Constraint(id: nextID(), firstItem: .view(first), firstAttribute: random.pick(vertical),
                                    secondItem: random.chance(2) ? .view(second) : .topLayoutGuide,
                                    secondAttribute: .bottom)
        default:
            constraint = Constraint(id: nextID(), firstItem: .view(first), firstAttribute: random.pick([.width, .height]))
            if random.chance(2) {
                constraint.secondItem = .view(second)
                constraint.secondAttribute = random.pick([.width, .height])
                constraint.multiplier = random.chance(2) ? Multiplier(numerator: 16, denominator: 9) : Multiplier(0.001)
            }
        }
        constraint.relation = random.pick(Relation.allCases)
        if random.chance(2) { constraint.attributes.constant = random.chance(3) ? .standard : .value(-12.75) }
        if random.chance(2) { constraint.attributes.priority = LayoutPriority(1 + random.below(1000)) }
        if random.chance(3) { constraint.attributes.installed = false }
        if random.chance(3) { constraint.userLabel = "A.Leading = B.Trailing + Standard" }
        constraint.variations = SizeClass.all.filter { $0 != .anyAny && random.chance(5) }.map { sizeClass in
            ConstraintVariation(sizeClass: sizeClass, attributes: ConstraintAttributes(
                installed: random.chance(2) ? true : nil, constant: .value(1e6), priority: LayoutPriority(250)))
        }
        return constraint
    }
}
