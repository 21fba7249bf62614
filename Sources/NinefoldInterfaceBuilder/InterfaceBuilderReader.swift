import NinefoldScene

/// Reads Xcode's `.storyboard` and `.xib` files into scene documents (SCENE-FORMAT §7).
///
/// One file holds many layouts: each view controller scene of a storyboard, each top-level view
/// of a xib and each table or collection view cell becomes one document named `PATH#ID`, where
/// `ID` is Interface Builder's object id of the view controller, top-level view or cell. Every
/// view and constraint keeps its IB object id and every location points into the IB file, so
/// later stages cite the file a user edits in Xcode.
///
/// The bytes go through NinefoldScene's hardened XML entry (DTDs refused, no network, UTF-8,
/// size limit, exact positions). A file that cannot be read at all (not XML, a pre-2014
/// `<archive>`, no Auto Layout, not iOS) is one error; a layout that cannot be imported is an
/// error for that document only, and the file's other documents are still returned.
public struct InterfaceBuilderReader: Sendable {
    /// Real storyboards reach a few megabytes and tens of thousands of elements; far larger
    /// files are almost certainly not ones. A scene's views and constraints are held to the
    /// scene format's own limits (ReadingLimits.standard), as every scene is checked later.
    public static let limits = ReadingLimits(maximumFileSize: 32 * 1024 * 1024, maximumElements: 1_000_000,
                                             maximumDepth: 200, maximumViews: ReadingLimits.standard.maximumViews,
                                             maximumConstraints: ReadingLimits.standard.maximumConstraints)

    /// The file extensions this reader takes.
    public static let fileExtensions = ["storyboard", "xib"]

    public init() {}

    /// Whether `path` names a file this reader is for (by extension, as Xcode decides too).
    public static func handles(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return fileExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Reads the file at `path`; the path is echoed in every diagnostic and document name.
    public func read(contentsOf path: String) throws(DocumentError) -> [InterfaceBuilderDocument] {
        try documents(in: HardenedXML.parse(contentsOf: path, limits: Self.limits), path: path)
    }

    /// Reads a file held in memory; `path` names it in diagnostics and document names.
    public func read(bytes: [UInt8], path: String) throws(DocumentError) -> [InterfaceBuilderDocument] {
        try documents(in: HardenedXML.parse(bytes: bytes, path: path, limits: Self.limits), path: path)
    }

    public func read(string: String, path: String) throws(DocumentError) -> [InterfaceBuilderDocument] {
        try read(bytes: Array(string.utf8), path: path)
    }

    private func documents(in root: XMLElement, path: String) throws(DocumentError) -> [InterfaceBuilderDocument] {
        let file = try InterfaceBuilderFile(root: root, path: path)
        return file.layoutRoots().map { layout in
            var builder = SceneBuilder(file: file, layout: layout)
            let result: Result<InterfaceBuilderScene, DocumentError>
            do throws(DocumentError) {
                result = .success(try builder.build())
            } catch {
                result = .failure(error)
            }
            return InterfaceBuilderDocument(name: "\(path)#\(layout.objectID)", file: path, objectID: layout.objectID,
                                            location: layout.owner.location, result: result)
        }
    }
}

/// One layout found in an IB file: its name, and the scene or the reason it cannot be imported.
public struct InterfaceBuilderDocument: Sendable {
    /// `PATH#ID`, the name every report uses for this layout.
    public var name: String
    /// The IB file the layout was read from, for `path:line:col` citations.
    public var file: String
    /// IB's object id of the view controller, top-level view or cell.
    public var objectID: String
    /// Where the view controller, top-level view or cell begins.
    public var location: SourceLocation
    public var result: Result<InterfaceBuilderScene, DocumentError>
}

/// A layout read from an IB file, with what Interface Builder had cached about it.
public struct InterfaceBuilderScene: Hashable, Sendable {
    public var scene: Scene
    /// The `ambiguous="YES"` / `misplaced="YES"` flags Xcode saved, by view id. Xcode updates
    /// them only when it last opened the file, for the class on its canvas, so they are shown
    /// beside Ninefold's verdict and never used as one.
    public var cachedFlags: [String: [InterfaceBuilderFlag]]
    /// Settings that change UIKit's layout in ways Ninefold does not model (a stack view's
    /// `layoutMarginsRelativeArrangement`, a self-sizing text view, …), each at its attribute:
    /// the layout is still checked, and these say where its frames may differ from a device's.
    public var warnings: [Diagnostic]

    public init(scene: Scene, cachedFlags: [String: [InterfaceBuilderFlag]] = [:], warnings: [Diagnostic] = []) {
        self.scene = scene
        self.cachedFlags = cachedFlags
        self.warnings = warnings
    }
}

/// A verdict Interface Builder cached in the file.
public enum InterfaceBuilderFlag: String, CaseIterable, Sendable, Hashable {
    case ambiguous, misplaced
}
