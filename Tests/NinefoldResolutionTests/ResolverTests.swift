import NinefoldResolution
import NinefoldScene
import Testing

@Suite struct ResolverTests {
    static func location(_ line: Int) -> NinefoldScene.SourceLocation { SourceLocation(line: line, column: 3) }

    /// Two boxes; `blue` only installed in regular-regular; a constraint naming it.
    static var scene: Scene {
        var blue = View(id: "blue", kind: .label, location: location(4))
        blue.attributes.installed = false
        blue.variations = [ViewVariation(sizeClass: SizeClass("regular-regular")!,
                                         attributes: { var a = ViewAttributes(); a.installed = true; return a }(),
                                         location: location(5))]
        blue.subviews = [View(id: "inner", kind: .view, location: location(6))]
        var red = View(id: "red", kind: .label, location: location(3))
        red.attributes.text = "Red"
        var tied = ViewAttributes()
        tied.text = "Compact"
        var regularHeight = ViewAttributes()
        regularHeight.text = "Tall"
        red.variations = [ViewVariation(sizeClass: SizeClass("compact-any")!, attributes: tied, location: location(7)),
                          ViewVariation(sizeClass: SizeClass("any-regular")!, attributes: regularHeight, location: location(8))]
        let toBlue = Constraint(id: "c1", firstItem: .view("red"), firstAttribute: .leading, secondItem: .view("blue"),
                                secondAttribute: .trailing, attributes: ConstraintAttributes(constant: .standard),
                                location: location(10))
        let width = Constraint(id: "c2", firstItem: .view("red"), firstAttribute: .width,
                               attributes: ConstraintAttributes(constant: .value(100), priority: LayoutPriority(999)),
                               variations: [ConstraintVariation(sizeClass: SizeClass("compact-compact")!,
                                                                attributes: ConstraintAttributes(installed: false),
                                                                location: location(12))],
                               location: location(11))
        return Scene(name: "Boxes", canvases: [Canvas(sizeClass: SizeClass("compact-regular")!, width: 320, height: 568,
                                                      location: location(2))],
                     root: View(id: "root", kind: .view, subviews: [red, blue], constraints: [toBlue, width],
                                location: location(2)))
    }

    @Test func uninstalledViewsTakeTheirSubtreeAndConstraintsOut() {
        let resolved = Resolver(scene: Self.scene).resolve(.anyAny)
        #expect(resolved.views.map(\.id) == ["root", "red"])
        #expect(resolved.constraints.map(\.id) == ["c2"])
        #expect(resolved.omissions.map(\.id) == ["blue", "inner", "c1"])
        #expect(resolved.omissions.last?.reason == .referencesUninstalledView("blue"))
        let note = resolved.findings.first { $0.kind == .uninstalledReference }
        #expect(note?.severity == .note)
        #expect(note?.constraints == ["c1"])
        #expect(note?.location.line == 10)
    }

    @Test func regularRegularInstallsBlueAndItsConstraint() {
        let resolved = Resolver(scene: Self.scene).resolve(SizeClass("regular-regular")!)
        #expect(resolved.views.map(\.id) == ["root", "red", "blue", "inner"])
        #expect(resolved.constraints.map(\.id) == ["c1", "c2"])
        #expect(resolved.view("root")?.subviewIDs == ["red", "blue"])
        #expect(resolved.view("inner")?.parentID == "blue")
        #expect(resolved.findings.isEmpty)
    }

    /// `index(of:)` is the position `view(_:)` reads, kept in step when `views` is replaced;
    /// an id the class does not install has none.
    @Test func viewIndexFollowsTheViews() {
        var resolved = Resolver(scene: Self.scene).resolve(SizeClass("regular-regular")!)
        #expect(["root", "red", "blue", "inner"].map { resolved.index(of: $0) } == [0, 1, 2, 3])
        #expect(resolved.index(of: "missing") == nil)
        resolved.views.removeFirst()
        #expect(resolved.index(of: "inner") == 2)
        #expect(resolved.index(of: "root") == nil)
    }

    @Test func provenanceCitesQualifierAndLine() {
        let resolver = Resolver(scene: Self.scene)
        let compactCompact = resolver.resolve(SizeClass("compact-compact")!)
        #expect(compactCompact.constraints.isEmpty)
        let omission = compactCompact.omissions.first { $0.id == "c2" }
        #expect(omission?.reason == .uninstalled(Provenance(qualifier: SizeClass("compact-compact")!, location: Self.location(12))))
        let anyAny = resolver.resolve(.anyAny)
        #expect(anyAny.constraints.first?.constant.provenance == Provenance(qualifier: .anyAny, location: Self.location(11)))
        #expect(anyAny.constraints.first?.constant.provenance.description == "any-any, line 11")
        #expect(anyAny.view("red")?.verticalCompressionResistancePriority.provenance.isDefault == true)
        #expect(anyAny.view("red")?.horizontalHuggingPriority.value == LayoutPriority(251))
    }

    @Test func widthQualifiedDeclarationWinsATieWithAWarning() {
        let resolved = Resolver(scene: Self.scene).resolve(SizeClass("compact-regular")!)
        #expect(resolved.view("red")?.text.value == "Compact")
        #expect(resolved.view("red")?.text.provenance.qualifier == SizeClass("compact-any"))
        let ties = resolved.findings.filter { $0.kind == .resolutionTie }
        #expect(ties.count == 1)
        #expect(ties.first?.location.line == 7)
        #expect(ties.first?.relatedLocations.map(\.line) == [8])
        #expect(ties.first?.views == ["red"])
        #expect(ties.first?.severity == .warning)
        // Outside the meeting point there is no tie.
        #expect(Resolver(scene: Self.scene).resolve(SizeClass("regular-regular")!).view("red")?.text.value == "Tall")
        #expect(Resolver(scene: Self.scene).resolve(SizeClass("compact-compact")!).view("red")?.text.value == "Compact")
    }

    @Test func canvasComesFromTheDocumentOnlyForItsOwnClass() {
        let resolver = Resolver(scene: Self.scene)
        #expect(resolver.resolve(SizeClass("compact-regular")!).canvas.value == CanvasSize(width: 320, height: 568))
        #expect(resolver.resolve(SizeClass("compact-any")!).canvas.value == CanvasSize(width: 375, height: 600))
    }

    @Test func shadowedVariationIsReportedInItsOwnClass() {
        var view = View(id: "box", kind: .view, location: Self.location(3))
        func hidden(_ value: Bool) -> ViewAttributes { var a = ViewAttributes(); a.hidden = value; return a }
        view.variations = [
            ViewVariation(sizeClass: SizeClass("compact-any")!, attributes: hidden(true), location: Self.location(4)),
            ViewVariation(sizeClass: SizeClass("compact-compact")!, attributes: hidden(false), location: Self.location(5)),
            ViewVariation(sizeClass: SizeClass("compact-regular")!, attributes: hidden(false), location: Self.location(6)),
        ]
        let scene = Scene(root: View(id: "root", kind: .view, subviews: [view]))
        let findings = Resolver(scene: scene).resolve(SizeClass("compact-any")!).findings
        #expect(findings.map(\.kind) == [ResolutionFinding.Kind.shadowedDeclaration])
        #expect(findings.first?.location.line == 4)
        #expect(findings.first?.relatedLocations.map(\.line) == [5, 6])
        // Not shadowed when one final class still takes it.
        view.variations.removeLast()
        let partial = Scene(root: View(id: "root", kind: .view, subviews: [view]))
        #expect(Resolver(scene: partial).resolve(SizeClass("compact-any")!).findings.isEmpty)
    }

    @Test func hiddenArrangedSubviewsCollapseInTheirStack() {
        var hiddenLabel = View(id: "a", kind: .label)
        hiddenLabel.attributes.hidden = true
        var hiddenInPlainView = View(id: "b", kind: .label)
        hiddenInPlainView.attributes.hidden = true
        let stack = View(id: "stack", kind: .stackView, subviews: [hiddenLabel, View(id: "c", kind: .label)])
        let scene = Scene(root: View(id: "root", kind: .view, subviews: [stack, hiddenInPlainView]))
        let resolved = Resolver(scene: scene).resolve(.anyAny)
        #expect(resolved.view("a")?.isCollapsedInStack == true)
        #expect(resolved.view("c")?.isCollapsedInStack == false)
        #expect(resolved.view("b")?.isCollapsedInStack == false)
        #expect(resolved.view("b")?.hidden.value == true)
    }

    @Test func flattenedClassResolvesToTheSameValues() {
        for sizeClass in SizeClass.all {
            let original = Resolver(scene: Self.scene).resolve(sizeClass)
            let flat = original.flattened()
            #expect(flat.allViews.allSatisfy { $0.variations.isEmpty })
            #expect(flat.canvases.map(\.sizeClass) == [sizeClass])
            let again = Resolver(scene: flat).resolve(sizeClass)
            #expect(again.views.map(\.id) == original.views.map(\.id))
            #expect(again.constraints.map(\.id) == original.constraints.map(\.id))
            #expect(again.canvas.value == original.canvas.value)
            for (lhs, rhs) in zip(again.views, original.views) {
                #expect(lhs.text.value == rhs.text.value)
                #expect(lhs.hidden.value == rhs.hidden.value)
                #expect(lhs.horizontalHuggingPriority.value == rhs.horizontalHuggingPriority.value)
            }
            for (lhs, rhs) in zip(again.constraints, original.constraints) {
                #expect(lhs.constant.value == rhs.constant.value)
                #expect(lhs.priority.value == rhs.priority.value)
            }
        }
    }
}
