import Foundation
import NinefoldLayout
@testable import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// `--devices` in every format: the HTML, SVG and Markdown matrix, the class report, and the CI
/// formats, which fold device findings into the class findings (one problem once).
///
/// The document: a 340-point-wide banner pinned to the safe area's leading edge, its trailing
/// edge required to stay inside the safe area. It fits every nine-class canvas (the narrowest,
/// compact-any and compact-regular, are 375 wide: SCENE-FORMAT §3) and conflicts wherever the
/// safe area is narrower than 340. From Documentation/Devices.md's tables, the canvases under
/// 340 wide are:
/// - the iPhone SE (1st gen) in portrait, 320 wide (every other phone is 375 or wider in
///   portrait, and every landscape phone is at least 568 − 0 wide; notched ones lose at most
///   2 × 62 of 874 or more);
/// - the 320-point 1/3 Split View panes: on the mini 7.9″, mini 8.3″, 9.7″, 10.2″ and Air 10.9″
///   in both orientations (10), and on the 11″ in portrait (its landscape pane is 375): 11 panes.
///   The 12.9″'s panes are 375. The other panes (2/3, 1/2) are at least 438 wide.
/// So 12 device canvases fail, all compact width regular height: they fall in compact-regular,
/// and so in the base classes compact-any, any-regular and any-any; no other class has one.
@Suite struct DeviceSweepReportTests {
    static let banner = """
    <?xml version="1.0" encoding="UTF-8"?>
    <scene version="1" name="Banner"><view id="root"><view id="banner"/>
      <constraints>
        <constraint id="w" firstItem="banner" firstAttribute="width" constant="340"/>
        <constraint id="h" firstItem="banner" firstAttribute="height" constant="44"/>
        <constraint id="l" firstItem="banner" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
        <constraint id="r" firstItem="banner" firstAttribute="trailing" relation="lessThanOrEqual" secondItem="safeArea" secondAttribute="trailing"/>
        <constraint id="t" firstItem="banner" firstAttribute="top" secondItem="safeArea" secondAttribute="top"/>
      </constraints>
    </view></scene>
    """

    static let failingDevices: Set<String> = {
        let panes = ["iPad mini 7.9″", "iPad mini 8.3″", "iPad 9.7″", "iPad 10.2″", "iPad Air 10.9″"].flatMap { name in
            ["\(name) · portrait · split 1/3", "\(name) · landscape · split 1/3"]
        }
        return Set(["iPhone SE (1st gen) · portrait", "iPad Pro 11″ · portrait · split 1/3"] + panes)
    }()

    static let failingClasses: Set<String> = ["any-any", "compact-any", "any-regular", "compact-regular"]

    /// 13 phone screens × 2 orientations, 7 iPad screens × (2 full screen + 2 portrait panes +
    /// 3 landscape panes): 26 + 49 = 75 distinct canvases in the any-any sweep.
    static let allCanvases = 75

    /// compact-regular: 13 portrait phones, and per iPad the portrait 1/3 and 2/3 panes, the
    /// landscape 1/3 pane and the landscape 1/2 pane (regular on the 12.9″ only): 6 × 4 + 3 = 27.
    static let compactRegularCanvases = 13 + 27

    /// The document validated and swept once for the suite; a reading error fails every test.
    static let fixture = Result { () throws -> (DocumentResult, [ClassDeviceSweep]) in
        let scene = try SceneReader().read(string: banner, path: "banner.xml")
        return (Validator.validate(scene, path: "banner.xml"), Validator.validateDevices(scene, path: "banner.xml"))
    }

    let document: DocumentResult
    let sweeps: [ClassDeviceSweep]

    init() throws {
        (document, sweeps) = try Self.fixture.get()
    }

    @Test func theDerivedDevicesAndClassesFail() throws {
        #expect(document.classes.allSatisfy { $0.status == .unique }, "every nine-class canvas is at least 375 wide")
        #expect(DeviceCatalog.canvases.count == Self.allCanvases)
        let failing = Set(sweeps.flatMap { $0.failing.map(\.device.name) })
        #expect(failing == Self.failingDevices)
        #expect(Set(sweeps.filter { !$0.failing.isEmpty }.map(\.sizeClass.description)) == Self.failingClasses)
        let compactRegular = try #require(sweeps.first { $0.sizeClass == SizeClass(width: .compact, height: .regular) })
        #expect(compactRegular.devices.count == Self.compactRegularCanvases)
    }

    // MARK: CI formats

    @Test func deviceFindingsAreGroupedOnceWithTheirDevicesAndClasses() throws {
        let groups = document.findingGroups(devices: sweeps)
        // No finding on the nine canvases; every group comes from the devices, each identity once.
        #expect(document.findingGroups.isEmpty)
        #expect(Set(groups.map(\.identity)).count == groups.count)
        let conflict = try #require(groups.first { $0.finding.kind == "conflict" })
        #expect(Set(conflict.devices) == Self.failingDevices)
        #expect(conflict.devices.count == Self.failingDevices.count, "each device once, though it falls in four classes")
        #expect(Set(conflict.classes.map(\.description)) == Self.failingClasses)
        #expect(conflict.classes == SizeClass.all.filter(conflict.classes.contains), "classes in SizeClass.all order")
        #expect(conflict.devicesChecked == Self.allCanvases)
        #expect(conflict.deviceList.hasPrefix("on 12 of 75 devices (iPhone SE (1st gen) · portrait, "))
        #expect(conflict.deviceList.hasSuffix(", … 12 devices)"))
    }

    @Test func xcodeAndGitHubPrintTheConflictOnce() {
        let xcode = ValidationXcode.render(document, devices: sweeps)
        let conflictLines = xcode.split(separator: "\n").filter { $0.contains(" conflict: ") }
        #expect(conflictLines.count == 1)
        #expect(conflictLines.first?.contains("on 12 of 75 devices") == true)
        #expect(conflictLines.first?.contains("[any-any, compact-any, … 4 classes]") == true)
        let github = ValidationGitHub.render(.validated(document), devices: sweeps)
        #expect(github.split(separator: "\n").filter { $0.hasPrefix("::error ") && $0.contains("ninefold conflict") }.count == 1)
        // Without the sweep the document is clean in both.
        #expect(ValidationXcode.render(document).isEmpty)
    }

    @Test func sarifListsTheDevicesOfAResultAndStaysValid() throws {
        let sarif = ValidationSARIF.render([.validated(document)], devices: [sweeps], version: "0.1.0", exitCode: 1)
        let parsed = try JSONReader.parse(sarif.serialized())
        let results = parsed["runs", 0, "results"]?.items ?? []
        let conflicts = results.filter { $0["ruleId"] == .string("conflict") }
        #expect(conflicts.count == 1)
        let devices = Set((conflicts.first?["properties", "devices"]?.items ?? []).compactMap { value -> String? in
            if case .string(let name) = value { return name }
            return nil
        })
        #expect(devices == Self.failingDevices)
        let checker = SchemaChecker(root: try JSONReader.parse(String(
            contentsOf: packageRoot.appendingPathComponent("Tests/NinefoldReportsTests/Fixtures/sarif-2.1.0-subset.schema.json"),
            encoding: .utf8)))
        #expect(checker.errors(parsed) == [])
    }

    @Test func severityFilterAppliesToDeviceFindings() {
        // The conflict is an error; keeping only errors keeps it, and nothing below stays.
        let errors = sweeps.map { $0.keeping(atLeast: .error) }
        #expect(errors.allSatisfy { $0.devices.allSatisfy { $0.result.findings.allSatisfy { $0.severity == .error } } })
        #expect(document.findingGroups(devices: errors).contains { $0.finding.kind == "conflict" })
        // A baseline holding the conflict's fingerprint removes it from every device.
        let conflict = document.findingGroups(devices: sweeps).first { $0.finding.kind == "conflict" }
        let accepted = Set([conflict?.fingerprint].compactMap { $0 })
        let filtered = sweeps.map { $0.removing(fingerprints: accepted, path: "banner.xml") }
        #expect(!accepted.isEmpty)
        #expect(!document.findingGroups(devices: filtered).contains { $0.finding.kind == "conflict" })
        // A baseline written with the sweep records the device-only conflict, by that fingerprint.
        #expect(Baseline([document]).fingerprints.isEmpty)
        #expect(Baseline([document], devices: [sweeps]).fingerprints.isSuperset(of: accepted))
    }

    // MARK: Matrix and report

    @Test func htmlMatrixCellsShowTheirDevices() throws {
        let html = MatrixReport(result: document, devices: sweeps).html()
        let (root, errors) = Markup.parseHTML(html)
        #expect(errors == [])
        let page = try #require(root)
        #expect(!page.all.contains { $0.name == "script" })
        let cells = page.all.filter { $0.attributes["data-size-class"] != nil }
        #expect(cells.count == 9)
        for cell in cells {
            let name = cell.attributes["data-size-class"] ?? ""
            let sweep = try #require(sweeps.first { $0.sizeClass.description == name })
            let classes = (cell.attributes["class"] ?? "").split(separator: " ")
            let section = try #require(cell.all.first { ($0.attributes["class"] ?? "").hasPrefix("devices") })
            #expect(section.attributes["data-devices"] == String(sweep.devices.count))
            // The class's own canvas drawing is still there, and the worst device is drawn beside it.
            #expect(cell.all.filter { $0.name == "svg" }.count == 2)
            let listed = cell.all.first { $0.name == "ul" && $0.attributes["class"] == "failing-devices" }?.children.filter { $0.name == "li" } ?? []
            // The class's canvas is unique with no finding: its drawing outlines nothing. The
            // worst device's drawing outlines the banner where it conflicts.
            let drawings = cell.all.filter { $0.name == "svg" }
            func outlined(_ drawing: Element?) -> Bool {
                drawing?.all.contains { ($0.attributes["class"] ?? "").contains("finding-error") } ?? false
            }
            #expect(!outlined(drawings.first), "\(name)'s canvas has no finding")
            #expect(outlined(drawings.last) == Self.failingClasses.contains(name), "\(name)'s worst device")
            if Self.failingClasses.contains(name) {
                #expect(classes.contains("devices-fail"), "\(name) is marked")
                #expect(Set(listed.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }) == Self.failingDevices)
            } else {
                #expect(!classes.contains("devices-fail"), "\(name) is not marked")
                #expect(listed.isEmpty)
            }
        }
        // compact-regular's worst device: every failing device conflicts, so the first in catalogue
        // order, the SE in portrait: 320 × 568 with the 20-point status bar.
        #expect(html.contains("iPhone SE (1st gen) · portrait</strong>"))
        #expect(html.contains("320×568 pt · safe area 20, 0, 0, 0"))
        #expect(html.contains("12 devices fail"))
        // Without --devices, the page is unchanged: no device section, no device styles.
        #expect(!MatrixReport(result: document).html().contains("devices-fail"))
    }

    @Test func markdownMatrixHasADeviceTablePerClass() throws {
        let markdown = MatrixReport(result: document, devices: sweeps).markdown()
        let sections = markdown.components(separatedBy: "\n**`").dropFirst()
        #expect(sections.count == 9)
        for section in sections {
            let name = String(section.prefix { $0 != "`" })
            let sweep = try #require(sweeps.first { $0.sizeClass.description == name })
            let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| device ") }
            #expect(rows.count == sweep.devices.count, "\(name): a row per device")
            let failing = rows.filter { $0.contains("**fails**") }
            #expect(failing.count == (Self.failingClasses.contains(name) ? 12 : 0), "\(name)")
        }
        // The grid: compact-regular (bottom-left cell) says 12 of its 40 devices fail.
        let bottomRow = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| **regular** |") })
        #expect(bottomRow.split(separator: " | ").dropFirst().first?.hasSuffix("<br>❌ 12 of 40 devices fail") == true)
        // The findings table: the device-only conflict once, its classes and devices in one
        // cell, five columns like every other row.
        let conflictRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| error | `conflict` |") }
        #expect(conflictRows.count == 1)
        #expect(conflictRows.first.map { $0.split(separator: " | ", omittingEmptySubsequences: false).count } == 5)
        #expect(conflictRows.first?.contains("<br>on 12 of 75 devices") == true)
        #expect(markdown.contains("**`compact-regular`** · 40 devices · ❌ 12 fail · worst: iPhone SE (1st gen) · portrait (320×568): conflicting"))
    }

    @Test func svgMatrixNamesDevicesPerCell() throws {
        let svg = MatrixReport(result: document, devices: sweeps).svg()
        let (root, errors) = Markup.parseXML(svg)
        #expect(errors == [])
        let lines = try #require(root).all.filter { $0.name == "text" && $0.attributes["class"] == "label devices" }
        #expect(lines.count == 9)
        #expect(svg.contains("40 devices · 12 fail"))
        #expect(svg.contains("failing: iPhone SE (1st gen) · portrait, "))
    }

    @Test func classReportShowsItsSweep() throws {
        let compactRegular = SizeClass(width: .compact, height: .regular)
        let result = try #require(document.classes.first { $0.sizeClass == compactRegular })
        var report = ClassReport(document: document, result: result)
        report.devices = sweeps.first { $0.sizeClass == compactRegular }
        let (root, errors) = Markup.parseHTML(report.html())
        #expect(errors == [])
        let page = try #require(root)
        let listed = page.all.first { $0.name == "ul" && $0.attributes["class"] == "failing-devices" }?.children ?? []
        #expect(Set(listed.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }) == Self.failingDevices)
        // The class has no finding, so its drawing outlines nothing; the worst device's outlines the banner.
        let drawings = page.all.filter { $0.name == "svg" }
        #expect(drawings.count == 2)
        #expect(drawings.map { $0.all.contains { ($0.attributes["class"] ?? "").contains("finding-error") } } == [false, true])
        let markdown = report.markdown()
        #expect(markdown.contains("#### Devices"))
        #expect(markdown.split(separator: "\n").filter { $0.contains("**fails**") }.count == 12)
    }

    // MARK: Command line

    @Test func everyFormatAcceptsDevices() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-devices-banner-\(getpid()).xml")
        try Self.banner.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // Every format of validate, matrix and report runs; a failing device makes the exit status 1
        // (the nine canvases alone are clean: exit 0).
        for format in ["text", "xcode", "github", "json", "sarif"] {
            #expect(try Executable.run(["validate", file.path, "--format", format]).status == 0, "validate \(format)")
            let run = try Executable.run(["validate", file.path, "--devices", "--format", format])
            #expect(run.status == 1, "validate --devices \(format): \(run.error)")
        }
        for format in ["text", "html", "svg", "markdown", "json"] {
            let run = try Executable.run(["matrix", file.path, "--devices", "--format", format])
            #expect(run.status == 1, "matrix --devices \(format): \(run.error)")
        }
        for format in ["text", "html", "markdown", "json"] {
            let run = try Executable.run(["report", file.path, "--class", "compact-regular", "--devices", "--format", format])
            #expect(run.status == 1, "report --devices \(format): \(run.error)")
        }
        let github = try Executable.run(["validate", file.path, "--devices", "--format", "github"]).output
        #expect(github.split(separator: "\n").filter { $0.contains("title=ninefold conflict::") }.count == 1)
        // The designers' page marks compact-regular, whose own canvas is unique, for its devices.
        let html = try Executable.run(["matrix", file.path, "--devices", "--format", "html"]).output
        #expect(html.contains("cell unique devices-fail"))
    }
}
