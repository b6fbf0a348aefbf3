//! Extraction: choosing one node per needed class so that the program of the roots is
//! cheapest.
//!
//! - [`greedy_dag`] (the default) is DAG-aware: a class's cost is the cost of the *set* of
//!   classes its best term needs, so a subterm shared by two operands is paid once. Sets are
//!   merged bottom-up to a fixpoint (as extraction-gym's greedy DAG extractor); past
//!   [`SET_CAP`] classes a set stops being tracked and costs add up as in a tree (sharing is
//!   seen within that horizon). Every op costs more than zero, so a class always costs more
//!   than each class it needs and the choice is acyclic.
//! - [`ilp`] is exact (an integer linear program over node choices with ordering variables
//!   against cycles, solved by good_lp's pure-Rust microlp backend) for graphs of up to a
//!   given number of nodes, within a time limit; it falls back to the greedy choice when the
//!   solver gives up.
//!
//! Both only choose *available* nodes (see [`Problem::avail`]): a node whose operands are
//! available no later than the earliest any node of its class can be, so that the extracted
//! program can be placed where the original one was (opaque ops do not move).

use std::rc::Rc;
use std::time::Duration;

use egg::{Id, Language};
use rustc_hash::FxHashMap;

use super::language::{EGraph, ENode};

/// Sets of needed classes larger than this are not tracked (costs add up as in a tree).
pub const SET_CAP: usize = 256;

/// The extraction problem: the e-graph's classes densely numbered, node costs and operands.
pub struct Problem {
    /// Canonical class ids, in increasing order.
    pub classes: Vec<Id>,
    index: FxHashMap<Id, u32>,
    /// Per class, its nodes: (cost, children as dense class indices).
    pub nodes: Vec<Vec<(f64, Vec<u32>)>>,
    /// Per class, the earliest position at which its value can be computed (see the module
    /// docs); `u32::MAX` when it cannot.
    pub avail: Vec<u32>,
    /// Per class and node, whether the node is available as early as its class.
    pub valid: Vec<Vec<bool>>,
    parents: Vec<Vec<u32>>,
}

impl Problem {
    /// Builds the problem: `cost(node, class)` gives node costs, `leaf_avail(l)` the position
    /// after which leaf `l` is available.
    pub fn new(eg: &EGraph, cost: &dyn Fn(&ENode) -> f64, leaf_avail: &dyn Fn(u32) -> u32) -> Problem {
        let mut classes: Vec<Id> = eg.classes().map(|c| c.id).collect();
        classes.sort();
        let index: FxHashMap<Id, u32> = classes.iter().enumerate().map(|(i, &c)| (c, i as u32)).collect();
        let mut nodes = Vec::with_capacity(classes.len());
        let mut parents = vec![Vec::new(); classes.len()];
        for (ci, &c) in classes.iter().enumerate() {
            let mut ns = Vec::with_capacity(eg[c].nodes.len());
            for n in &eg[c].nodes {
                let ch: Vec<u32> = n.children().iter().map(|&x| index[&eg.find(x)]).collect();
                for &x in &ch {
                    parents[x as usize].push(ci as u32);
                }
                ns.push((cost(n), ch));
            }
            nodes.push(ns);
        }
        for p in parents.iter_mut() {
            p.sort_unstable();
            p.dedup();
        }
        // Earliest availability: a fixpoint of min over nodes of max over children.
        let n = classes.len();
        let mut avail = vec![u32::MAX; n];
        let mut work: Vec<u32> = (0..n as u32).collect();
        let mut queued = vec![true; n];
        let node_avail = |avail: &[u32], ci: usize, k: usize, eg: &EGraph| -> u32 {
            let node = &eg[classes[ci]].nodes[k];
            if let ENode::Leaf(l) = node {
                return leaf_avail(*l);
            }
            nodes[ci][k].1.iter().map(|&x| avail[x as usize]).max().unwrap_or(0)
        };
        while let Some(ci) = work.pop() {
            let ci = ci as usize;
            queued[ci] = false;
            let best = (0..nodes[ci].len()).map(|k| node_avail(&avail, ci, k, eg)).min().unwrap_or(u32::MAX);
            if best < avail[ci] {
                avail[ci] = best;
                for &p in &parents[ci] {
                    if !queued[p as usize] {
                        queued[p as usize] = true;
                        work.push(p);
                    }
                }
            }
        }
        let valid = (0..n)
            .map(|ci| (0..nodes[ci].len()).map(|k| node_avail(&avail, ci, k, eg) <= avail[ci]).collect())
            .collect();
        Problem { classes, index, nodes, avail, valid, parents }
    }

    /// The dense index of a class.
    pub fn idx(&self, eg: &EGraph, id: Id) -> u32 {
        self.index[&eg.find(id)]
    }

    /// The exact cost of the DAG of `choice` reachable from `roots` (`None` if a needed class
    /// has no choice or the choice has a cycle).
    pub fn dag_cost(&self, choice: &[Option<u32>], roots: &[u32]) -> Option<f64> {
        let order = self.topo(choice, roots)?;
        Some(order.iter().map(|&c| self.nodes[c as usize][choice[c as usize].unwrap() as usize].0).sum())
    }

    /// The classes of the DAG of `choice` reachable from `roots`, operands before users
    /// (`None` on a missing choice or a cycle).
    pub fn topo(&self, choice: &[Option<u32>], roots: &[u32]) -> Option<Vec<u32>> {
        // 0 = unvisited, 1 = on the stack, 2 = done.
        let mut state = vec![0u8; self.classes.len()];
        let mut out = Vec::new();
        for &r in roots {
            if state[r as usize] == 2 {
                continue;
            }
            let mut stack: Vec<(u32, usize)> = vec![(r, 0)];
            state[r as usize] = 1;
            while let Some(&mut (c, ref mut i)) = stack.last_mut() {
                let k = choice[c as usize]? as usize;
                let ch = &self.nodes[c as usize][k].1;
                if *i < ch.len() {
                    let d = ch[*i];
                    *i += 1;
                    match state[d as usize] {
                        0 => {
                            state[d as usize] = 1;
                            stack.push((d, 0));
                        }
                        1 => return None,
                        _ => {}
                    }
                } else {
                    state[c as usize] = 2;
                    out.push(c);
                    stack.pop();
                }
            }
        }
        Some(out)
    }
}

#[derive(Clone)]
enum Needs {
    /// The sorted set of classes needed (the class itself included).
    Set(Rc<[u32]>),
    /// Too many to track.
    Many,
}

/// The DAG-aware greedy choice for every class (`None` where no available node has a finite
/// cost).
pub fn greedy_dag(p: &Problem) -> Vec<Option<u32>> {
    let n = p.classes.len();
    let mut total = vec![f64::INFINITY; n];
    let mut own = vec![0.0f64; n];
    let mut needs: Vec<Needs> = vec![Needs::Many; n];
    let mut choice: Vec<Option<u32>> = vec![None; n];
    let mut queued = vec![false; n];
    let mut work = std::collections::VecDeque::new();
    for (ci, nodes) in p.nodes.iter().enumerate() {
        if nodes.iter().any(|(_, ch)| ch.is_empty()) {
            queued[ci] = true;
            work.push_back(ci as u32);
        }
    }
    let mut scratch: Vec<u32> = Vec::new();
    let mut merged: Vec<u32> = Vec::new();
    while let Some(ci) = work.pop_front() {
        let ci = ci as usize;
        queued[ci] = false;
        let mut improved = false;
        for (k, (cost, ch)) in p.nodes[ci].iter().enumerate() {
            if !p.valid[ci][k] || ch.iter().any(|&d| total[d as usize].is_infinite()) {
                continue;
            }
            if ch.iter().any(|&d| d as usize == ci) {
                continue;
            }
            // Union of the children's sets.
            let mut many = false;
            scratch.clear();
            scratch.push(ci as u32);
            for &d in ch {
                match &needs[d as usize] {
                    Needs::Many => many = true,
                    Needs::Set(s) => {
                        merged.clear();
                        merge_sorted(&scratch, s, &mut merged);
                        std::mem::swap(&mut scratch, &mut merged);
                    }
                }
                if scratch.len() > SET_CAP {
                    many = true;
                }
                if many {
                    break;
                }
            }
            let (t, set) = if many {
                let mut t = *cost;
                let mut seen: Vec<u32> = Vec::with_capacity(ch.len());
                for &d in ch {
                    if !seen.contains(&d) {
                        seen.push(d);
                        t += total[d as usize];
                    }
                }
                (t, Needs::Many)
            } else {
                if scratch.binary_search(&(ci as u32)).is_err() {
                    unreachable!("the class itself is in its set");
                }
                let t: f64 =
                    *cost + scratch.iter().filter(|&&d| d as usize != ci).map(|&d| own[d as usize]).sum::<f64>();
                (t, Needs::Set(Rc::from(scratch.as_slice())))
            };
            if let Needs::Set(s) = &set {
                // A child needing this class would make a cycle.
                if ch
                    .iter()
                    .any(|&d| matches!(&needs[d as usize], Needs::Set(ds) if ds.binary_search(&(ci as u32)).is_ok()))
                {
                    continue;
                }
                let _ = s;
            }
            if t < total[ci] - 1e-9 * t.abs().max(1.0) {
                total[ci] = t;
                own[ci] = *cost;
                needs[ci] = set;
                choice[ci] = Some(k as u32);
                improved = true;
            }
        }
        if improved {
            for &pp in &p.parents[ci] {
                if !queued[pp as usize] {
                    queued[pp as usize] = true;
                    work.push_back(pp);
                }
            }
        }
    }
    choice
}

fn merge_sorted(a: &[u32], b: &[u32], out: &mut Vec<u32>) {
    let (mut i, mut j) = (0, 0);
    out.reserve(a.len() + b.len());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// Why the exact extractor did not give an optimal answer.
#[derive(Clone, Debug, PartialEq)]
pub enum IlpOutcome {
    /// Solved to optimality.
    Optimal,
    /// The time limit was hit; the best solution found is used.
    TimeLimit,
    /// The graph is larger than the limit: the greedy choice is used.
    TooLarge(usize),
    /// The solver failed: the greedy choice is used.
    Failed(String),
}

/// The exact choice for `roots` by integer linear programming (nodes of the classes reachable
/// from the roots), starting from (and falling back to) `fallback`.
pub fn ilp(
    p: &Problem,
    roots: &[u32],
    fallback: &[Option<u32>],
    max_nodes: usize,
    time: Duration,
) -> (Vec<Option<u32>>, IlpOutcome) {
    use good_lp::solvers::microlp::microlp;
    use good_lp::{variable, Expression, ProblemVariables, Solution, SolverModel, Variable, WithTimeLimit};

    // Classes reachable through available nodes.
    let mut reach = vec![false; p.classes.len()];
    let mut stack: Vec<u32> = roots.to_vec();
    let mut order = Vec::new();
    while let Some(c) = stack.pop() {
        if std::mem::replace(&mut reach[c as usize], true) {
            continue;
        }
        order.push(c);
        for (k, (_, ch)) in p.nodes[c as usize].iter().enumerate() {
            if p.valid[c as usize][k] {
                stack.extend(ch.iter().copied().filter(|&d| !reach[d as usize]));
            }
        }
    }
    order.sort_unstable();
    let n_nodes: usize = order.iter().map(|&c| p.nodes[c as usize].len()).sum();
    if n_nodes > max_nodes {
        return (fallback.to_vec(), IlpOutcome::TooLarge(n_nodes));
    }
    let big = order.len() as f64 + 1.0;
    let mut vars = ProblemVariables::new();
    let mut x: FxHashMap<(u32, u32), Variable> = FxHashMap::default();
    let mut t: FxHashMap<u32, Variable> = FxHashMap::default();
    let mut objective = Expression::from(0.0);
    for &c in &order {
        t.insert(c, vars.add(variable().min(0.0).max(big)));
        for (k, (cost, ch)) in p.nodes[c as usize].iter().enumerate() {
            if !p.valid[c as usize][k] || ch.contains(&c) {
                continue;
            }
            let v = vars.add(variable().binary());
            objective += *cost * v;
            x.insert((c, k as u32), v);
        }
    }
    let mut model = vars.minimise(objective).using(microlp).with_time_limit(time.as_secs_f64());
    let active = |c: u32| -> Expression {
        let mut e = Expression::from(0.0);
        for k in 0..p.nodes[c as usize].len() as u32 {
            if let Some(v) = x.get(&(c, k)) {
                e += *v;
            }
        }
        e
    };
    for &c in &order {
        model = model.with(active(c).leq(1.0));
        if roots.contains(&c) {
            model = model.with(active(c).geq(1.0));
        }
        for (k, (_, ch)) in p.nodes[c as usize].iter().enumerate() {
            let Some(&v) = x.get(&(c, k as u32)) else { continue };
            for &d in ch {
                model = model.with((v - active(d)).leq(0.0));
                // t_c >= t_d + 1 - big·(1 - x)
                model = model.with((t[&c] - t[&d] - big * v).geq(1.0 - big));
            }
        }
    }
    let sol = match model.solve() {
        Ok(s) => s,
        Err(e) => return (fallback.to_vec(), IlpOutcome::Failed(e.to_string())),
    };
    let timed_out = matches!(sol.status(), good_lp::SolutionStatus::TimeLimit);
    let mut choice = fallback.to_vec();
    for &c in &order {
        let k = (0..p.nodes[c as usize].len() as u32).find(|&k| x.get(&(c, k)).is_some_and(|v| sol.value(*v) > 0.5));
        if let Some(k) = k {
            choice[c as usize] = Some(k);
        }
    }
    if p.topo(&choice, roots).is_none() {
        return (fallback.to_vec(), IlpOutcome::Failed("the solution has a cycle".into()));
    }
    (choice, if timed_out { IlpOutcome::TimeLimit } else { IlpOutcome::Optimal })
}
