import Foundation
import NinefoldScene
import Testing
@testable import NinefoldLayout

/// One row of Calibration/text-calibration.csv: a label, a classic button or a configured button's
/// title whose saved Interface Builder frame is its content size (see Documentation/FontMetrics.md
/// for how rows were chosen).
struct CalibrationPoint: Sendable, CustomStringConvertible {
    let split: String
    let repository: String
    let element: String
    let kind: String
    let text: String
    let style: String
    let note: String
    let size: Double
    let weight: FontWeight
    let scale: Double
    let width: Double
    /// nil for a width-only row: the label's height was set by constraints, not by its text.
    let height: Double?

    var description: String { "\(repository) \(element) \"\(text)\" \(size) pt \(weight)" }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Calibration/text-calibration.csv")
    /// Rows in the same format that the generator never fits on (Documentation/FontMetrics.md,
    /// "Validation rows").
    static let validationFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Calibration/text-validation.csv")

    /// The rows, in file order. Fields never contain commas or double quotes (the files keep it so).
    static func load(from file: URL = file) throws -> [CalibrationPoint] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        let header = lines.first.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let row = Dictionary(uniqueKeysWithValues: zip(header, fields))
            func value(_ key: String) throws -> String {
                guard let value = row[key] else { throw CalibrationError.missing(key, String(line)) }
                return value
            }
            let heightField = try value("ib_height")
            guard let size = Double(try value("size")), let scale = Double(try value("scale")),
                  let width = Double(try value("ib_width")),
                  let weight = FontWeight(rawValue: try value("weight")) else {
                throw CalibrationError.malformed(String(line))
            }
            let height: Double?
            if heightField.isEmpty {
                height = nil
            } else if let value = Double(heightField) {
                height = value
            } else {
                throw CalibrationError.malformed(String(line))
            }
            return CalibrationPoint(split: try value("split"), repository: try value("repository"),
                                    element: try value("element"), kind: try value("kind"), text: try value("text"),
                                    style: try value("style"), note: try value("note"),
                                    size: size, weight: weight, scale: scale, width: width, height: height)
        }
    }

    /// The control's content size as Ninefold measures it on the row's canvas scale. A
    /// `configured-button` row records the title's box (the saved frame less the configuration's
    /// content insets), so it is measured as a configured button with no insets; its title
    /// height is on the pixel grid, as IB saves it inside stack views (the only configured rows
    /// with a recorded height are arranged in one).
    var measured: ContentSize {
        let font = Font(size: size, weight: weight)
        switch kind {
        case "button":
            return ContentMeasurement.button(title: text, font: font)
        case "configured-button":
            return ContentMeasurement.configuredButton(title: text, font: font,
                                                       insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                                                       titleHeightRounding: .pixel, scale: scale)
        default:
            return ContentMeasurement.label(text: text, font: font, numberOfLines: 1, wrappingWidth: nil, scale: scale)
        }
    }
}

enum CalibrationError: Error {
    case missing(String, String)
    case malformed(String)
}

@Suite struct TextCalibrationTests {
    /// The held-back rule is fixed: every 4th row of the file (rows 4, 8, 12, …) is `eval`,
    /// and the generator fits on `train` rows only.
    @Test func everyFourthRowIsHeldBack() throws {
        let points = try CalibrationPoint.load()
        #expect(points.count >= 150)
        for (index, point) in points.enumerated() {
            #expect(point.split == (index % 4 == 3 ? "eval" : "train"), "row \(index + 1)")
        }
    }

    /// The held-back points against Interface Builder. Heights (where recorded): every point
    /// within 0.5 pt. Widths: at least 33 of the 45 within 0.5 pt (73 %; the goal is
    /// 90 %) and every one within 2 pt (the other goal, reached with the per-glyph
    /// corrections: Cuberto's 55-pt bold "Activity", 6 pt too wide with the per-weight numbers
    /// alone, is within 2 pt once "A", "c", "t", "i", "v" and "y" carry their fitted corrections,
    /// and +1.0 since bold's display scale is fitted apart from its text scale).
    /// Documentation/FontMetrics.md, *Fit and figures*, derives these figures from the generator's
    /// `--report`.
    @Test func heldBackPointsMatchInterfaceBuilder() throws {
        let held = try CalibrationPoint.load().filter { $0.split == "eval" }
        #expect(held.count >= 45)
        var widthsWithinHalf = 0
        var beyondTwo: [String] = []
        for point in held {
            let size = point.measured
            let width = try #require(size.width)
            let height = try #require(size.height)
            if abs(width - point.width) > 2 { beyondTwo.append(point.text) }
            if let recorded = point.height {
                #expect(abs(height - recorded) <= 0.5, "\(point): \(height) vs \(recorded)")
            }
            if abs(width - point.width) <= 0.5 { widthsWithinHalf += 1 }
        }
        #expect(beyondTwo.isEmpty, "\(beyondTwo)")
        #expect(widthsWithinHalf >= 33, "\(widthsWithinHalf) of \(held.count) within 0.5 pt")
    }

    /// Heights are not fitted: a label is ceil(size × 1.193) to the canvas pixel, a button
    /// ceil(size × 1.193) to the point plus 12. Every recorded height is within 0.5 pt, and all
    /// but four match exactly: the 47-pt "Hot or Cold" label is 57 in IB against
    /// 47 × 1.193 = 56.07 → 56.5, SVProgressHUD's two 22-pt labels are 27 against
    /// 22 × 1.193 = 26.25 → 26.5, and DropDown's Title 2 (22 pt) "Options" is 26.
    @Test func heightsFollowTheLineHeight() throws {
        var exact = 0
        var recorded = 0
        for point in try CalibrationPoint.load() {
            // Screen scales UIKit has (UIScreen.scale): 2 or 3 for every canvas IB saves.
            #expect(point.scale == 2 || point.scale == 3, "\(point)")
            let height = try #require(point.measured.height)
            guard let saved = point.height else { continue }
            recorded += 1
            #expect(abs(height - saved) <= 0.5, "\(point): \(height)")
            if height == saved { exact += 1 }
        }
        #expect(exact == recorded - 4)
    }

    /// Configured buttons' titles (iOS 15 `buttonConfiguration`, frame less the 12-pt side insets
    /// Documentation/InterfaceBuilder.md gives) are recorded but not fitted on (the generator's
    /// FITTED_KINDS). They are the 17-pt regular text the issue is about, on 3x canvases, where a
    /// width is whole pixels: IB's saved width must be a multiple of 1/3, and Ninefold's, rounded
    /// up to the same grid, must lie within one pixel of it. The library's "Button" is saved with
    /// a 51-pt title; with the design resources' 17-pt tracking (−0.408 pt a character against the
    /// HIG table's −0.442, 6 × 0.034 = 0.2 pt wider) and the refit, Ninefold's title is 50.667:
    /// one pixel short, where the 172-row table left it two (50.333; FontMetrics.md, *Fit and
    /// figures*). A second pixel short again is a regression.
    @Test func configuredButtonTitlesStayWithinAPixel() throws {
        let titles = try CalibrationPoint.load().filter { $0.kind == "configured-button" }
        #expect(titles.count >= 1)
        for point in titles {
            #expect(point.scale == 3 && point.size == 17 && point.weight == .regular, "\(point)")
            #expect(abs(point.width * 3 - (point.width * 3).rounded()) < 1e-9, "\(point): not on the 3x grid")
            let width = try #require(point.measured.width)
            #expect(abs(width * 3 - (width * 3).rounded()) < 1e-9, "\(point): \(width) not on the 3x grid")
            #expect(abs(width - point.width) <= 1.0 / 3 + 1e-9, "\(point): \(width) vs \(point.width)")
        }
    }

    /// The validation rows (Calibration/text-validation.csv: 31 labels from two projects no
    /// calibration row comes from, read after the table was fitted and never fitted on) against
    /// Interface Builder with the table as it is. Widths: at least 25 of the 31 within 0.5 pt and
    /// none beyond 2 pt, what the table measured when the rows were first read
    /// (`generate-font-metrics.py --validate`; FontMetrics.md, "Validation rows"). Heights are the
    /// line height on the 2x grid, exactly: 17 × 1.193 = 20.281 → 20.5 and, for the 18-pt bold
    /// "Title", 18 × 1.193 = 21.474 → 21.5, as IB saved them.
    @Test func validationRowsMatchInterfaceBuilder() throws {
        let rows = try CalibrationPoint.load(from: CalibrationPoint.validationFile)
        #expect(rows.count >= 31)
        var widthsWithinHalf = 0
        var beyondTwo: [String] = []
        for point in rows {
            #expect(point.split == "validation", "\(point)")
            let size = point.measured
            let width = try #require(size.width)
            if abs(width - point.width) > 2 { beyondTwo.append(point.text) }
            if abs(width - point.width) <= 0.5 { widthsWithinHalf += 1 }
            if let recorded = point.height {
                #expect(size.height == recorded, "\(point): \(String(describing: size.height)) vs \(recorded)")
            }
        }
        #expect(beyondTwo.isEmpty, "\(beyondTwo)")
        #expect(widthsWithinHalf >= 25, "\(widthsWithinHalf) of \(rows.count) within 0.5 pt")
    }

    /// Text-style rows record the size at the Dynamic Type size their canvas was previewed at:
    /// kharrison's DynamicText document at xSmall (its note says so), every other document at
    /// Interface Builder's default, Large. The CSV's sizes and weights must be the HIG's.
    @Test func textStyleRowsUseTheirStyleSizes() throws {
        let styled = try CalibrationPoint.load().filter { !$0.style.isEmpty }
        #expect(styled.count >= 18)
        for point in styled {
            let style = try #require(TextStyle(interfaceBuilderName: point.style), "\(point.style)")
            let category: ContentSizeCategory = point.note.contains("xSmall") ? .extraSmall : .large
            #expect(style.pointSize(at: category) == point.size, "\(point)")
            #expect(style.weight == point.weight, "\(point)")
        }
    }
}
