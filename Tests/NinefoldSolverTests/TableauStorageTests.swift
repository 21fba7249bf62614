@testable import NinefoldSolver
import Testing

/// The tableau keeps a level's priority and weight together (`LevelFacts`), a basic symbol beside
/// its row (`BasicRow`) and a column's spans in its slot's entry (`SlotEntry`); `levels`,
/// `levelWeights`, `basics` and the columns are views of them (Documentation/Solver.md, "Branch
/// solverlean"). These pin what the views say.
@Suite struct TableauStorageTests {
    /// Levels made out of order are kept highest priority first, and a weight added to a level
    /// stays with it when a higher level is later put in front of it.
    @Test func aLevelsWeightMovesWithItsPriority() {
        var tableau = Tableau()
        let low = tableau.level(for: 250)
        tableau.weigh(level: low, by: 3)
        let high = tableau.level(for: 750)
        let middle = tableau.level(for: 500)
        tableau.weigh(level: middle, by: 0.5)
        #expect(low == 0 && high == 0 && middle == 1)
        #expect(tableau.levels == [750, 500, 250])
        #expect(tableau.levelWeights == [0, 0.5, 3])
        #expect(tableau.level(for: 250) == 2)
        #expect(tableau.levelIndex(of: 500) == 1)
        #expect(tableau.levelIndex(of: 1) == nil)
        // A weight of 3 is capped at one frame tolerance; 0.5 gives half; none keeps the frame.
        #expect(tableau.budget(2) == Tolerance.frame)
        #expect(tableau.budget(1) == Tolerance.frame * 0.5)
        #expect(tableau.budget(0) == Tolerance.frame)
    }

    /// Rows stored, replaced and removed: `basics` lists exactly the symbols with rows, each
    /// row's constant is its symbol's value, and the columns list the rows that mention a
    /// symbol, restricted ones apart from user ones.
    @Test func basicsRowsAndColumnsFollowTheRows() {
        var tableau = Tableau()
        let x = Symbol(id: 0, kind: .external)
        let y = Symbol(id: 1, kind: .external)
        let s = Symbol(id: -1, kind: .slack)
        let e = Symbol(id: -2, kind: .error)
        var first = Row(constant: 5)
        first.insert(s, 1)
        tableau.setRow(x, first)
        var second = Row(constant: 2)
        second.insert(s, -1)
        second.insert(x, 2)
        tableau.setRow(e, second)
        #expect(Set(tableau.basics) == [x, e])
        #expect(tableau.value(of: x) == 5 && tableau.value(of: e) == 2 && tableau.value(of: s) == 0)
        #expect(tableau.columnCounts(s) == (restricted: 1, user: 1))
        #expect(tableau.column(s) == [e, x])
        #expect(tableau.rowCount(x) == 1 && tableau.rowCount(e) == 2 && tableau.rowCount(y) == nil)
        let removed = tableau.removeRow(x)
        #expect(removed?.constant == 5)
        #expect(tableau.basics == [e])
        #expect(tableau.columnCounts(s) == (restricted: 1, user: 0))
        #expect(tableau.column(x) == [e])
        // `e`'s row takes the place `x`'s row left; its symbol's value is read from there.
        #expect(tableau.value(of: e) == 2 && tableau.value(of: x) == 0)
    }
}
