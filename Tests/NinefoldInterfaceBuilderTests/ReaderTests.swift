import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// One fixture per feature, each written in Interface Builder's format with the frames IB
/// would save; every expected frame is derived in a comment from the constraints and the
/// format's geometry (SCENE-FORMAT §3: canvases, margins 16/20 for a view controller's root
/// and 8 elsewhere, the status bar's 20 points, `standard` = 8).
struct ReaderTests {
    @Test func storyboardScenesAndCellsBecomeDocumentsNamedByTheirIDs() throws {
        let documents = try Fixture.documents("Basic.storyboard")
        // The navigation controller has no view of its own: no document. The table view
        // controller's prototype cell is a document of its own, after its controller.
        #expect(documents.map(\.objectID) == ["BYZ-38-t0r", "TVC-dd-004", "Cel-ff-006"])
        #expect(documents[0].name == Fixture.path("Basic.storyboard") + "#BYZ-38-t0r")
        let login = try documents[0].result.get().scene
        #expect(login.name == "Login")
        #expect(login.rootKind == .viewController)
        #expect(login.root.id == "8bC-Xf-vdC")
        #expect(login.allViews.map(\.id) == ["8bC-Xf-vdC", "Hdr-aa-001", "Box-bb-002", "Lbl-cc-003"])
        // IB's labels name views for display; an unlabelled label is named by its text, as in
        // Xcode's document outline.
        #expect(login.allViews.map(\.displayName) == ["8bC-Xf-vdC", "Header", "Box", "Hello"])
        let cell = try documents[2].result.get().scene
        #expect(cell.rootKind == .cell)
        #expect(cell.root.id == "Cnt-gg-007")
    }

    @Test func constraintsKeepIBSemantics() throws {
        let scene = try Fixture.scene("Basic.storyboard", "BYZ-38-t0r").scene
        let constraints = Dictionary(uniqueKeysWithValues: scene.allConstraints.map { ($0.id, $0) })
        // placeholder="YES" constraints are removed at build time.
        #expect(constraints["box-placeholder"] == nil)
        // A missing firstItem is the view that holds the constraint (a self-aspect ratio here).
        let aspect = try #require(constraints["box-aspect"])
        #expect(aspect.firstItem == .view("Box-bb-002") && aspect.secondItem == .view("Box-bb-002"))
        #expect(aspect.multiplier.value == 2)
        // symbolic="YES" is the standard spacing, whatever constant IB cached.
        #expect(constraints["box-top-01"]?.attributes.constant == .standard)
        // The safe area guide's IB id becomes the root's safeArea, also as a first item.
        #expect(constraints["hdr-t-001"]?.firstItem == .safeArea)
        // identifier names the constraint for display.
        #expect(constraints["box-w-001"]?.userLabel == "box-width")
        #expect(constraints["lbl-l-001"]?.location.line == 63)
    }

    @Test func basicFramesInEveryClass() throws {
        let result = try Fixture.validated("Basic.storyboard", "BYZ-38-t0r")
        for sizeClass in result.classes {
            #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)")
            #expect(!sizeClass.findings.contains { $0.severity == .error })
        }
        // compact-regular is the iPhone 8 canvas IB drew on, 375 × 667, under the navigation
        // controller's 44-point bar: safe area top 20 + 44 = 64. Header: safe area top to both
        // edges, 64 high. Box: half the width (187.5), twice as wide as high (93.75), centred
        // (93.75), standard 8 below the header (64 + 64 + 8 = 136). Label: leading margin 16
        // (canvas narrower than 400), 20 below the box (136 + 93.75 + 20).
        #expect(try result.frame("Hdr-aa-001", in: "compact-regular") == Frame(x: 0, y: 64, width: 375, height: 64))
        #expect(try result.frame("Box-bb-002", in: "compact-regular") == Frame(x: 93.75, y: 136, width: 187.5, height: 93.75))
        let label = try result.frame("Lbl-cc-003", in: "compact-regular")
        #expect(label.x == 16 && label.y == 249.75)
        // regular-regular, 768 × 1024, the format's canvas (status bar 20, no bars: only the
        // class IB drew in has its simulated bars): box 384 × 192 at x 192, y 20 + 64 + 8; label margin 20.
        #expect(try result.frame("Box-bb-002", in: "regular-regular") == Frame(x: 192, y: 92, width: 384, height: 192))
        #expect(try result.frame("Lbl-cc-003", in: "regular-regular").x == 20)
        // The frames IB saved are design-time frames of the class it drew (compact-regular).
        let box = try #require(Fixture.scene("Basic.storyboard", "BYZ-38-t0r").scene.allViews.first { $0.id == "Box-bb-002" })
        #expect(box.attributes.frame == nil)
        #expect(box.variations.map(\.sizeClass) == [SizeClass(width: .compact, height: .regular)])
        #expect(box.variations.first?.attributes.frame == Frame(x: 93.5, y: 136, width: 187.5, height: 93.5))
    }

    @Test func cellContentViewIsTheRoot() throws {
        let result = try Fixture.validated("Basic.storyboard", "Cel-ff-006")
        // The content view keeps IB's saved size (375 × 44) in every class; a table cell's
        // content margins are UIKit's 16 / 11 (Xcode 14 document), so the square icon spans
        // 11…33 vertically (44 − 2 × 11 = 22 high, as wide) and starts at x 16.
        for sizeClass in result.classes {
            #expect(sizeClass.status == .unique)
            #expect(sizeClass.canvas == CanvasSize(width: 375, height: 44))
        }
        #expect(try result.frame("Ico-hh-008", in: "any-any") == Frame(x: 16, y: 11, width: 22, height: 22))
    }

    @Test func sizeClassVariationsAndMasks() throws {
        let scene = try Fixture.scene("SizeClasses.storyboard", "vXZ-lx-hvc").scene
        let views = Dictionary(uniqueKeysWithValues: scene.allViews.map { ($0.id, $0) })
        let compactWidth = SizeClass(width: .compact, height: .any)
        // The subviews mask: excluded by default, included for heightClass=regular.
        let blue = try #require(views["Blu-vw-002"])
        #expect(blue.attributes.installed == false)
        #expect(blue.variations.first { $0.sizeClass == SizeClass(width: .any, height: .regular) }?.attributes.installed == true)
        // A font per class, and hidden per class.
        let title = try #require(views["Ttl-lb-003"])
        #expect(title.attributes.fontSize == 17)
        #expect(title.variations.first { $0.sizeClass == compactWidth }?.attributes.fontSize == 11)
        #expect(title.variations.first { $0.sizeClass == compactWidth }?.attributes.fontWeight == .bold)
        #expect(title.variations.first { $0.sizeClass == SizeClass(width: .any, height: .compact) }?.attributes.hidden == true)
        // Labels IB leaves at UIKit's 250 hugging would be written; this one says 251.
        #expect(title.attributes.horizontalHuggingPriority == nil)
        // Without a <device>, a size-class document's frames are the any-any canvas's;
        // a variation's frame is its class's.
        let red = try #require(views["Red-vw-001"])
        #expect(red.attributes.frame == Frame(x: 20, y: 28, width: 560, height: 100))
        #expect(red.variations.first { $0.sizeClass == compactWidth }?.attributes.frame == Frame(x: 16, y: 28, width: 100, height: 100))
        let constraints = Dictionary(uniqueKeysWithValues: scene.allConstraints.map { ($0.id, $0) })
        #expect(constraints["red-w-100"]?.attributes.installed == false)
        #expect(constraints["red-w-100"]?.variations.first?.sizeClass == compactWidth)
        #expect(constraints["red-w-100"]?.variations.first?.attributes.installed == true)
        #expect(constraints["red-tr-01"]?.variations.first?.attributes.installed == false)
        #expect(constraints["red-h-001"]?.variations.first?.attributes.constant == .value(50))
        // The legacy top layout guide.
        #expect(constraints["red-t-001"]?.secondItem == .topLayoutGuide)
        #expect(constraints["blu-b-001"]?.firstItem == .bottomLayoutGuide)
    }

    @Test func sizeClassFrames() throws {
        let result = try Fixture.validated("SizeClasses.storyboard", "vXZ-lx-hvc")
        for sizeClass in result.classes { #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)") }
        // Red: 8 below the top layout guide (20) = 28. Width: margins to margins, except in
        // compact widths where the trailing constraint is out and width = 100. Height 100,
        // 50 in compact heights.
        #expect(try result.frame("Red-vw-001", in: "any-any") == Frame(x: 20, y: 28, width: 560, height: 100))
        #expect(try result.frame("Red-vw-001", in: "compact-regular") == Frame(x: 16, y: 28, width: 100, height: 100))
        #expect(try result.frame("Red-vw-001", in: "regular-compact") == Frame(x: 20, y: 28, width: 696, height: 50))
        // Blue exists only in regular heights: 20 above the bottom layout guide, centred.
        // any-regular 600 × 800: (260, 800 − 20 − 40); compact-regular 375 × 667: (147.5, 607).
        #expect(try result.frame("Blu-vw-002", in: "any-regular") == Frame(x: 260, y: 740, width: 80, height: 40))
        #expect(try result.frame("Blu-vw-002", in: "compact-regular") == Frame(x: 147.5, y: 607, width: 80, height: 40))
        #expect(try result.result("any-any").views.contains { $0.id == "Blu-vw-002" } == false)
    }

    @Test func autoresizingMasksBecomeConstraints() throws {
        let result = try Fixture.validated("Autoresizing.storyboard", "ARz-VC-001")
        for sizeClass in result.classes { #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)") }
        // Saved on 375 × 667. In regular-any (768 × 600) the superview grew by 393 × −67:
        // fixed stays; stretch grows to 335 + 393; right keeps its 10-point right margin
        // (768 − 10 − 100); centred keeps equal margins ((768 − 100) / 2); proportional scales
        // every part by 768 / 375 (x 37.5 → 76.8, width 300 → 614.4); the bottom bar keeps its
        // bottom margin 0 (600 − 50) and stretches; the inner view follows its fixed container.
        #expect(try result.frame("Fix-aa-001", in: "regular-any") == Frame(x: 10, y: 20, width: 100, height: 30))
        #expect(try result.frame("Str-bb-002", in: "regular-any") == Frame(x: 20, y: 60, width: 728, height: 40))
        #expect(try result.frame("Rgt-cc-003", in: "regular-any") == Frame(x: 658, y: 110, width: 100, height: 30))
        #expect(try result.frame("Ctr-dd-004", in: "regular-any") == Frame(x: 334, y: 160, width: 100, height: 30))
        let proportional = try result.frame("All-ee-005", in: "regular-any")
        #expect(abs(proportional.x - 76.8) < 1e-9 && abs(proportional.width - 614.4) < 1e-9)
        #expect(try result.frame("Bot-ff-006", in: "regular-any") == Frame(x: 0, y: 550, width: 768, height: 50))
        #expect(try result.frame("Inn-hh-008", in: "regular-any") == Frame(x: 30, y: 330, width: 180, height: 80))
        // Xcode 9+ writes a view without constraints as fixedFrame with translation off, but
        // builds it with its autoresizing mask: this one stretches (335 + 393).
        #expect(try result.frame("Fxw-ii-009", in: "regular-any") == Frame(x: 20, y: 440, width: 728, height: 20))
        // In the class IB drew, every view sits where IB saved it.
        #expect(try result.result("compact-regular").findings.isEmpty)
    }

    @Test func xibTopLevelViewsAndCells() throws {
        let documents = try Fixture.documents("Cells.xib")
        #expect(documents.map(\.objectID) == ["iN0-l3-epB", "KGk-i7-Jjw"])
        let badge = try Fixture.validated("Cells.xib", "iN0-l3-epB")
        #expect(try Fixture.scene("Cells.xib", "iN0-l3-epB").scene.rootKind == .view)
        // A free-standing view keeps its saved 200 × 60 in every class; margins 8. Its safe
        // area is its bounds (no status bar over a xib view), so the badge's top, 8 below the
        // safe area's, is at 8.
        for sizeClass in badge.classes {
            #expect(sizeClass.status == .unique)
            #expect(try badge.frame("Bdg-aa-001", in: sizeClass.sizeClass.description) == Frame(x: 8, y: 8, width: 184, height: 44))
        }
        // The cell's content view has fixed margins 12 (top 8). Avatar: 48 square at the
        // leading margin (12), centred in 64 (y 8). Name: standard 8 after the avatar (68) to
        // the trailing margin (320 − 12 = 308), centred on the avatar, but with no height: the
        // only height constraint was a placeholder, removed at build time (kept, it would
        // have set the content view's height to 24 and conflicted with its 64).
        let cell = try Fixture.validated("Cells.xib", "KGk-i7-Jjw")
        let scene = try Fixture.scene("Cells.xib", "KGk-i7-Jjw").scene
        #expect(scene.root.attributes.layoutMargins == EdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
        #expect(try cell.frame("Avt-bb-002", in: "any-any") == Frame(x: 12, y: 8, width: 48, height: 48))
        let anyAny = try cell.result("any-any")
        #expect(anyAny.status == .ambiguous)
        #expect(anyAny.views.first { $0.id == "Nam-cc-003" }?.ambiguous == [.vertical])
        let name = try cell.frame("Nam-cc-003", in: "any-any")
        #expect(name.x == 68 && name.width == 240)
    }

    @Test func controlsGetUIKitsIntrinsicSizes() throws {
        let result = try Fixture.validated("Controls.storyboard", "Ctl-VC-001")
        for sizeClass in result.classes { #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)") }
        // Saved by Xcode 11 (toolsVersion 15705): iOS 13 sizes. Stacked 8 apart from
        // safe area top + 20 = 40, each at x 16; progress view and slider stretch 16…359.
        let expected: [(String, Frame)] = [
            ("Swi-00-001", Frame(x: 16, y: 40, width: 51, height: 31)),     // UISwitch 51 × 31
            ("Act-00-002", Frame(x: 16, y: 79, width: 20, height: 20)),     // medium indicator
            ("Act-00-003", Frame(x: 16, y: 107, width: 37, height: 37)),    // large indicator
            ("Prg-00-004", Frame(x: 16, y: 152, width: 343, height: 4)),    // progress, iOS 13 height 4
            ("Stp-00-005", Frame(x: 16, y: 164, width: 94, height: 32)),    // stepper, iOS 13 94 × 32
            ("Sld-00-006", Frame(x: 16, y: 204, width: 343, height: 31)),   // slider height 31
            ("Seg-00-007", Frame(x: 16, y: 243, width: 121, height: 32)),   // segmented, iOS 13 height 32
            ("Inf-00-008", Frame(x: 16, y: 283, width: 22, height: 22)),    // info button, saved glyph size
            ("Pag-00-009", Frame(x: 16, y: 313, width: 39, height: 37)),    // page control before iOS 14
        ]
        for (id, frame) in expected {
            #expect(try result.frame(id, in: "compact-regular") == frame, "\(id)")
        }
        #expect(try result.result("compact-regular").findings.isEmpty)
    }

    @Test func stackAndScrollViews() throws {
        let scene = try Fixture.scene("StackScroll.storyboard", "SSv-VC-001").scene
        let views = Dictionary(uniqueKeysWithValues: scene.allViews.map { ($0.id, $0) })
        let compactHeight = SizeClass(width: .any, height: .compact)
        let stack = try #require(views["Stk-vw-001"])
        #expect(stack.kind == .stackView && stack.attributes.axis == .vertical && stack.attributes.spacing == 10)
        #expect(stack.variations.first { $0.sizeClass == compactHeight }?.attributes.axis == .horizontal)
        #expect(stack.variations.first { $0.sizeClass == compactHeight }?.attributes.distribution == .fillEqually)
        // The Headline text style at the default Dynamic Type size: 17-point semibold.
        #expect(views["Hed-lb-001"]?.attributes.fontSize == 17 && views["Hed-lb-001"]?.attributes.fontWeight == .semibold)
        // Directional margins, left to right: leading is left.
        #expect(views["Aaa-vw-001"]?.attributes.layoutMargins == EdgeInsets(top: 4, left: 6, bottom: 4, right: 10))
        let constraints = Dictionary(uniqueKeysWithValues: scene.allConstraints.map { ($0.id, $0) })
        #expect(constraints["stk-t-001"]?.secondItem == .contentLayoutGuide(scrollView: "Scr-vw-001"))
        #expect(constraints["stk-w-001"]?.secondItem == .frameLayoutGuide(scrollView: "Scr-vw-001"))

        let result = try Fixture.validated("StackScroll.storyboard", "SSv-VC-001")
        for sizeClass in result.classes { #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)") }
        // compact-regular is the iPhone 8 Plus canvas, 414 × 736, a 3x screen. The scroll view
        // fills the safe area (top 20); the stack fills its content, as wide as its frame:
        // headline 17 × 1.193 = 20.281 → 61/3 high on the 3x pixel grid, then A and B 100 each,
        // 10 apart (y 20, 20 + 61/3 + 10, that + 110). The dot sits at A's margins: 6 from the
        // left, 4 from the top. Solved frames are kept to a millionth of a point.
        let headline = 61.0 / 3
        func near(_ frame: Frame, _ expected: Frame) -> Bool {
            abs(frame.x - expected.x) < 1e-6 && abs(frame.y - expected.y) < 1e-6
                && abs(frame.width - expected.width) < 1e-6 && abs(frame.height - expected.height) < 1e-6
        }
        #expect(try result.frame("Scr-vw-001", in: "compact-regular") == Frame(x: 0, y: 20, width: 414, height: 716))
        #expect(near(try result.frame("Aaa-vw-001", in: "compact-regular"), Frame(x: 0, y: 30 + headline, width: 414, height: 100)))
        #expect(near(try result.frame("Bbb-vw-002", in: "compact-regular"), Frame(x: 0, y: 140 + headline, width: 414, height: 100)))
        #expect(near(try result.frame("Dot-vw-001", in: "compact-regular"), Frame(x: 6, y: 34 + headline, width: 10, height: 10)))
        #expect(try result.result("compact-regular").findings.isEmpty)
        // compact-compact (667 × 375): horizontal, equal widths (667 − 2 × 10) / 3 would
        // include the headline, but it is hidden there and so not arranged: (667 − 10) / 2.
        #expect(try result.frame("Aaa-vw-001", in: "compact-compact") == Frame(x: 0, y: 20, width: 328.5, height: 100))
        #expect(try result.frame("Bbb-vw-002", in: "compact-compact") == Frame(x: 338.5, y: 20, width: 328.5, height: 100))
    }

    @Test func collectionCellsHeadersEffectsAndContainers() throws {
        let documents = try Fixture.documents("Collection.storyboard")
        // The controller, its collection view's cell and its section header.
        #expect(documents.map(\.objectID) == ["Gal-VC-001", "Pho-cc-001", "Hdr-cr-001"])
        let gallery = try Fixture.validated("Collection.storyboard", "Gal-VC-001")
        for sizeClass in gallery.classes { #expect(sizeClass.status == .unique, "\(sizeClass.sizeClass)") }
        // An iPad in landscape: regular-regular on a 1024 × 768 canvas. The blur bar sits
        // under the status bar (y 20, 60 high); its content view follows it by its
        // autoresizing mask. The baseline-aligned stack of two 96 × 28 boxes, standard 8
        // apart, starts 20 in and is centred in the bar (20 + 30 − 14 = 36). The container
        // takes 25/64 of the width (400) at the right, the grid the rest (624) below the bar.
        #expect(try gallery.result("regular-regular").canvas == CanvasSize(width: 1024, height: 768))
        #expect(try gallery.frame("Blr-cv-001", in: "regular-regular") == Frame(x: 0, y: 20, width: 1024, height: 60))
        #expect(try gallery.frame("Ttl-st-001", in: "regular-regular") == Frame(x: 20, y: 36, width: 200, height: 28))
        #expect(try gallery.frame("Sq2-vw-001", in: "regular-regular") == Frame(x: 124, y: 36, width: 96, height: 28))
        #expect(try gallery.frame("Ctn-cv-001", in: "regular-regular") == Frame(x: 624, y: 80, width: 400, height: 688))
        #expect(try gallery.frame("Grd-cv-001", in: "regular-regular") == Frame(x: 0, y: 80, width: 624, height: 688))
        #expect(try gallery.result("regular-regular").findings.isEmpty)
        // The cell's constraints sit on the cell (Xcode 9) and name it: they mean its content
        // view, which has no id of its own in such files and takes the cell's. The image view
        // takes the 64 × 64 image size the file records, centred in 150.
        #expect(try Fixture.scene("Collection.storyboard", "Pho-cc-001").scene.root.id == "Pho-cc-001")
        let cell = try Fixture.validated("Collection.storyboard", "Pho-cc-001")
        #expect(try cell.frame("Thm-iv-001", in: "any-any") == Frame(x: 43, y: 43, width: 64, height: 64))
        // The header is a free-standing view at its saved size; its fixedFrame subview stays put.
        let header = try Fixture.validated("Collection.storyboard", "Hdr-cr-001")
        #expect(try header.result("compact-compact").canvas == CanvasSize(width: 624, height: 50))
        #expect(try header.frame("Hdl-vw-001", in: "compact-compact") == Frame(x: 8, y: 8, width: 100, height: 34))
    }

    @Test func cachedFlagsAreKeptButNotTrusted() throws {
        let good = try Fixture.scene("Mixed.storyboard", "Gd0-VC-001")
        #expect(good.cachedFlags == ["Gd0-vw-001": [.ambiguous]])
        // Our own verdict comes from the constraints: no top, so ambiguous vertically.
        let result = try Fixture.validated("Mixed.storyboard", "Gd0-VC-001")
        #expect(try result.result("any-any").views.first { $0.id == "Gd0-vw-001" }?.ambiguous == [.vertical])
    }

    @Test func aBadSceneFailsAloneWithItsLocation() throws {
        let documents = try Fixture.documents("Mixed.storyboard")
        #expect(documents.map(\.objectID) == ["Gd0-VC-001", "Bad-VC-001", "Dng-VC-001"])
        #expect((try? documents[0].result.get()) != nil)
        let path = Fixture.path("Mixed.storyboard")
        #expect(diagnostics(documents[1]) == [
            "\(path):42:29: error: <holographicView> is not a view Ninefold knows; it would change the layout, "
                + "so this scene cannot be imported",
        ])
        #expect(diagnostics(documents[2]) == [
            "\(path):57:87: error: secondItem 'Gd0-vw-001' is not a view or layout guide of this scene",
        ])
    }

    @Test(arguments: [
        ("Archive.xib", "2:1", "a pre-2014 Interface Builder archive"),
        ("Springs.xib", "2:1", "springs and struts"),
        ("Mac.storyboard", "2:102", "a macOS Interface Builder document"),
    ])
    func refusedFiles(_ name: String, _ place: String, _ reason: String) throws {
        do {
            _ = try InterfaceBuilderReader().read(contentsOf: Fixture.path(name))
            Issue.record("\(name) was read")
        } catch {
            let text = error.description
            #expect(text.hasPrefix("\(Fixture.path(name)):\(place): error: "), "\(text)")
            #expect(text.contains(reason), "\(text)")
        }
    }

    @Test func hardenedLikeSceneDocuments() throws {
        let doctype = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" targetRuntime="iOS.CocoaTouch" useAutolayout="YES"/>
            """
        #expect(throws: DocumentError.self) { try InterfaceBuilderReader().read(string: doctype, path: "x.xib") }
        do {
            _ = try InterfaceBuilderReader().read(string: doctype, path: "x.xib")
        } catch {
            #expect(error.description.hasPrefix("x.xib:2:1: error: document type declarations"))
        }
        #expect(throws: DocumentError.self) { try InterfaceBuilderReader().read(string: "<document", path: "y.xib") }
    }

    @Test func unmodelledSettingsAreWarnedAboutAtTheirAttribute() throws {
        let scene = try Fixture.scene("Unmodelled.xib", "top")
        #expect(scene.warnings.map { "\($0.severity) \($0.location?.description ?? "")" } == ["warning 7:28", "warning 10:27"])
        #expect(scene.warnings.first?.message.hasPrefix("layoutMarginsRelativeArrangement=\"YES\" is not modelled") == true)
    }

    /// PreservedMargins.xib: the root (20-pt side margins), a card spanning it and a strip inside
    /// its margins all say `preservesSuperviewLayoutMargins="YES"`. On a device the card's left
    /// margin is max(8, 0 + 20 − 0) = 20, so the dot on the card's leading margin sits at x 20,
    /// not 8: that is reported, at the card's attribute (line 8, column 49). The strip's margins
    /// are used by no constraint, so preserving them changes nothing; the root's superview is
    /// not in the file (code adds this free-standing view somewhere): neither is reported.
    @Test func preservedMarginsAreWarnedAboutWhereAConstraintUsesThem() throws {
        let scene = try Fixture.scene("PreservedMargins.xib", "top")
        #expect(scene.warnings.map { "\($0.severity) \($0.location?.description ?? "")" } == ["warning 8:49"])
        #expect(scene.warnings.first?.message.hasPrefix("preservesSuperviewLayoutMargins=\"YES\" is not modelled") == true)
    }

    @Test func aContentViewWithoutAFrameFillsItsCell() throws {
        // Xcode 6 xibs save no frame for a cell's content view: the cell's size is the canvas.
        let result = try Fixture.validated("FramelessCell.xib", "cell")
        for sizeClass in result.classes {
            #expect(sizeClass.canvas == CanvasSize(width: 320, height: 50))
            #expect(sizeClass.status == .unique)
        }
        #expect(try result.frame("dot", in: "regular-regular") == Frame(x: 10, y: 10, width: 30, height: 30))
    }

    private func diagnostics(_ document: InterfaceBuilderDocument) -> [String] {
        guard case .failure(let error) = document.result else { return ["read"] }
        return error.diagnostics.map(\.description)
    }
}
