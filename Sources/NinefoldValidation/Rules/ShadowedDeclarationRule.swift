import NinefoldResolution
import NinefoldScene

/// A base-class variation (`compact-any`, …) that more specific variations override in every
/// final class it applies to, so it takes effect on no device. Reported in its own class.
public enum ShadowedDeclarationRule: FindingRule {
    public static let identifier = ResolutionFinding.Kind.shadowedDeclaration.rawValue
    public static let severity = Severity.warning
    public static let summary = "A size-class declaration is overridden in every final class it applies to."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box">
                  <variation sizeClass="compact-any" hidden="true"/>
                  <variation sizeClass="compact-compact" hidden="false"/>
                  <variation sizeClass="compact-regular" hidden="false"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="width" constant="10"/>
                </constraints>
              </view>
            """, in: SizeClass(width: .compact, height: .any), triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box">
                  <variation sizeClass="compact-any" hidden="true"/>
                  <variation sizeClass="compact-compact" hidden="false"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="width" constant="10"/>
                </constraints>
              </view>
            """, in: SizeClass(width: .compact, height: .any), triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        ResolutionFindings.findings(.shadowedDeclaration, in: analysis)
    }
}
