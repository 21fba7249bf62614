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

    /// External ids take the even slots (2·id), internal ids the odd ones (−2·id − 1), computed
    /// without a branch (Documentation/Solver.md, "Branch rowpool"): the first ids of each kind
    /// interleave from 0, and the ids −1000…1000 fill slots 0…2000 exactly once.
    @Test func slotsInterleaveExternalAndInternalIds() {
        let slot = { (id: Int) in Tableau.slot(Symbol(id: id, kind: id >= 0 ? .external : .slack)) }
        #expect([0, -1, 1, -2, 2, -3].map(slot) == [0, 1, 2, 3, 4, 5])
        #expect(slot(500) == 1000 && slot(-500) == 999)
        #expect(Set((-1000...1000).map(slot)) == Set(0...2000))
    }

    /// `CostRow.forEachCell` visits the cells `cells` lists, in the same order, both while the
    /// row is a sorted array and once it has grown into a table past `shortLimit`.
    @Test func forEachCellVisitsTheCellsInTheirOrder() {
        var row = CostRow()
        for id in [-3, 4, -1] { row.insert(Symbol(id: id, kind: id >= 0 ? .external : .error), Double(id)) }
        var visited: [Int] = []
        row.forEachCell { symbol, value in
            visited.append(symbol.id)
            #expect(value == Double(symbol.id))
        }
        #expect(visited == [-3, -1, 4])
        #expect(visited == row.cells.map { $0.0.id })
        for id in 1...CostRow.shortLimit { row.insert(Symbol(id: -10 - id, kind: .error), 1) }
        visited = []
        row.forEachCell { symbol, _ in visited.append(symbol.id) }
        #expect(visited.count == CostRow.shortLimit + 3)
        #expect(visited == row.cells.map { $0.0.id })
    }
}
