import NinefoldResolution
import NinefoldScene

/// A constraint that names a view (or a scroll view's guide) not installed in the class is left
/// out of it; a note, because that is usually the intent of uninstalling the view.
public enum UninstalledReferenceRule: FindingRule {
    public static let identifier = ResolutionFinding.Kind.uninstalledReference.rawValue
    public static let severity = Severity.note
    public static let summary = "A constraint names a view that is not installed in the class, so it is left out."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box" installed="false">
                  <variation sizeClass="regular-regular" installed="true"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="width" constant="10"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box" installed="false">
                  <variation sizeClass="regular-regular" installed="true"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="width" constant="10" installed="false">
                    <variation sizeClass="regular-regular" installed="true"/>
                  </constraint>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        ResolutionFindings.findings(.uninstalledReference, in: analysis)
    }
}
