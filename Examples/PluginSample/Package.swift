// swift-tools-version: 6.0
// A sample iOS-style package that uses Ninefold's plugins, and the test of them
// (`make check-plugins`): GoodLayouts builds, BrokenLayouts fails the build at the
// conflicting constraint's line, and `swift package ninefold-validate` reports both.
import Foundation
import PackageDescription

// Ninefold is the package two directories up. SwiftPM names a local package after its
// directory, which depends on where it was cloned, so the name is read from the path.
let ninefold = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let ninefoldIdentity = ninefold.lastPathComponent

let package = Package(
    name: "PluginSample",
    dependencies: [.package(path: ninefold.path)],
    targets: [
        .target(
            name: "GoodLayouts",
            resources: [.process("Layouts")],
            plugins: [.plugin(name: "NinefoldBuildCheck", package: ninefoldIdentity)]
        ),
        .target(
            name: "BrokenLayouts",
            resources: [.process("Layouts")],
            plugins: [.plugin(name: "NinefoldBuildCheck", package: ninefoldIdentity)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
