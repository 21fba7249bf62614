// The Interface Builder case of ninefold-bench: read a generated storyboard of 17 view
// controller scenes (527 views, size-class variations and masks in every scene) and validate
// every scene in all nine classes, as `ninefold validate Main.storyboard` does. Target: < 1 s
// in release mode (issue 10).
import Foundation
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation

enum InterfaceBuilderBenchmark {
    static let scenes = 17
    static let rowsPerScene = 10

    /// A storyboard in Xcode 15's format: each scene a column of rows (a container holding a
    /// label and a switch) 8 points apart, 44 high, 32 in compact heights, the last row only
    /// installed in regular heights.
    static func storyboard() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
            targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
            useSafeAreas="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <scenes>

            """
        for scene in 0..<scenes {
            let root = "r\(scene)-root"
            var subviews = ""
            var constraints = ""
            for row in 0..<rowsPerScene {
                let id = "r\(scene)-row\(row)"
                let y = 20 + row * 52
                subviews += """
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                                                <rect key="frame" x="16" y="\(y)" width="343" height="44"/>
                                                <subviews>
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Row \(row)" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-label">
                                                        <rect key="frame" x="8" y="12" width="50" height="20.5"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    </label>
                                                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-switch">
                                                        <rect key="frame" x="284" y="6.5" width="51" height="31"/>
                                                    </switch>
                                                </subviews>
                                                <constraints>
                                                    <constraint firstAttribute="height" constant="44" id="\(id)-h">
                                                        <variation key="heightClass=compact" constant="32"/>
                                                    </constraint>
                                                    <constraint firstItem="\(id)-label" firstAttribute="leading" secondItem="\(id)" secondAttribute="leadingMargin" id="\(id)-ll"/>
                                                    <constraint firstItem="\(id)-label" firstAttribute="centerY" secondItem="\(id)" secondAttribute="centerY" id="\(id)-lc"/>
                                                    <constraint firstAttribute="trailingMargin" secondItem="\(id)-switch" secondAttribute="trailing" id="\(id)-st"/>
                                                    <constraint firstItem="\(id)-switch" firstAttribute="centerY" secondItem="\(id)" secondAttribute="centerY" id="\(id)-sc"/>
                                                    <constraint firstItem="\(id)-switch" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="\(id)-label" secondAttribute="trailing" constant="8" symbolic="YES" id="\(id)-gap"/>
                                                </constraints>
                                            </view>

                    """
                let above = row == 0 ? "\(root)-safe" : "r\(scene)-row\(row - 1)"
                constraints += """
                                            <constraint firstItem="\(id)" firstAttribute="top" secondItem="\(above)" secondAttribute="\(row == 0 ? "top" : "bottom")" constant="8" id="\(id)-top"/>
                                            <constraint firstItem="\(id)" firstAttribute="leading" secondItem="\(root)" secondAttribute="leadingMargin" id="\(id)-leading"/>
                                            <constraint firstAttribute="trailingMargin" secondItem="\(id)" secondAttribute="trailing" id="\(id)-trailing"/>

                    """
            }
            let last = "r\(scene)-row\(rowsPerScene - 1)"
            text += """
                        <scene sceneID="s\(scene)-scene">
                            <objects>
                                <viewController id="s\(scene)-controller" sceneMemberID="viewController">
                                    <view key="view" contentMode="scaleToFill" id="\(root)">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                        <subviews>
                \(subviews)                        </subviews>
                                        <viewLayoutGuide key="safeArea" id="\(root)-safe"/>
                                        <constraints>
                \(constraints)                        </constraints>
                                        <variation key="default">
                                            <mask key="subviews"><exclude reference="\(last)"/></mask>
                                        </variation>
                                        <variation key="heightClass=regular">
                                            <mask key="subviews"><include reference="\(last)"/></mask>
                                        </variation>
                                    </view>
                                </viewController>
                            </objects>
                        </scene>

                """
        }
        return text + "    </scenes>\n</document>\n"
    }

    /// Median seconds to read the storyboard and validate every scene in all nine classes.
    static func run(runs: Int = 5) throws {
        let text = storyboard()
        var samples: [Double] = []
        var reading: [Double] = []
        var views = 0
        for _ in 0..<runs {
            let start = now()
            let documents = try InterfaceBuilderReader().read(string: text, path: "Generated.storyboard")
            reading.append(now() - start)
            let sources = documents.map { document in
                DocumentSource(path: document.name) { () throws(DocumentError) in try document.result.get().scene }
            }
            let results = Validator.validate(sources: sources)
            samples.append(now() - start)
            views = results.reduce(0) { total, result in total + ((try? result.get())?.scene.allViews.count ?? 0) }
        }
        print("")
        print("interface builder: \(scenes)-scene storyboard, \(views) views (\(text.utf8.count / 1024) KiB), "
              + "read + validate in nine classes: median \(milliseconds(median(samples))) ms of \(runs) (target < 1000), "
              + "of which reading \(milliseconds(median(reading))) ms")
    }
}
