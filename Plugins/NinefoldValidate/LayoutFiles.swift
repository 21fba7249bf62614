import Foundation
import PackagePlugin

/// The layout documents of a target: Interface Builder's `.storyboard` and `.xib` files, and
/// scene documents (`.xml` files whose root element is `<scene`). Other `.xml` files (plists,
/// project files) are not ninefold's and are left alone.
enum LayoutFiles {
    static func of(_ target: Target) -> [URL] {
        guard let module = target.sourceModule else { return [] }
        return module.sourceFiles.map(\.url).filter(isLayout).sorted { $0.path < $1.path }
    }

    static func isLayout(_ url: URL) -> Bool {
        switch url.pathExtension.lowercased() {
        case "storyboard", "xib": return true
        case "xml": return isScene(url)
        default: return false
        }
    }

    /// A scene document names `<scene` near its start, after the XML declaration and comments.
    static func isScene(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return String(decoding: head, as: UTF8.self).contains("<scene")
    }
}
