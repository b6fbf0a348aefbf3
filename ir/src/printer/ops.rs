//! Printing of operations, regions and blocks (MLIR's `OperationPrinter`) and the dry run that
//! collects aliases (MLIR's `DummyAliasOperationPrinter`).

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::dialect::{PrintFn, Traits};
use crate::ir::{BlockId, OpId, RegionId, Value};

use super::alias::Key;
use super::attrs::write_escaped_quoted;
use super::{Elide, OpAsmPrinter};

impl OpAsmPrinter<'_> {
    /// The custom printer of an op, if it is to be used.
    fn custom_printer(&self, op: OpId) -> Option<PrintFn> {
        if self.opts.generic {
            return None;
        }
        self.ctx.op_info(self.ctx.op(op).name).and_then(|i| i.print)
    }

    /// Run a custom print hook; if it panics, restore the printer state and return false.
    fn run_hook(&mut self, hook: PrintFn, op: OpId) -> bool {
        let (len, indent, dd) = (self.out.len(), self.indent, self.default_dialects.len());
        let ok = catch_unwind(AssertUnwindSafe(|| hook(self, op))).is_ok();
        if !ok {
            self.out.truncate(len);
            self.indent = indent;
            self.default_dialects.truncate(dd.max(1));
        }
        ok
    }

    // ----- dry run -----

    pub(crate) fn collect_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        if self.opts.debug_info && ctx.try_attr_kind(ctx.op(op).loc).is_some() {
            self.collector.visit_attr(ctx, ctx.op(op).loc, true, false);
        }
        if let Some(hook) = self.custom_printer(op) {
            if self.run_hook(hook, op) {
                return;
            }
        }
        self.collect_generic(op);
    }

    pub(crate) fn collect_generic(&mut self, op: OpId) {
        let ctx = self.ctx;
        let d = ctx.op(op);
        for &r in d.regions() {
            self.collect_region(r, true, true);
        }
        for &v in &d.operands {
            match self.try_value_type(v) {
                Some(t) if ctx.try_type_kind(t).is_some() => {
                    self.collector.visit_type(ctx, t, false);
                }
                _ => {}
            }
        }
        for t in ctx.result_types(op) {
            if ctx.try_type_kind(t).is_some() {
                self.collector.visit_type(ctx, t, false);
            }
        }
        // Registered ops expose their properties through `getAttrs()`; unregistered ones do not.
        if !d.properties().is_empty() && ctx.op_info(d.name).is_some() {
            for na in self.merged_attrs(op) {
                if ctx.try_attr_kind(na.value).is_some() {
                    self.collector.visit_attr(ctx, na.value, false, false);
                }
            }
        } else {
            for na in d.attributes() {
                if ctx.try_attr_kind(na.value).is_some() {
                    self.collector.visit_attr(ctx, na.value, false, false);
                }
            }
        }
    }

    pub(crate) fn collect_region(&mut self, r: RegionId, entry_args: bool, terminators: bool) {
        let ctx = self.ctx;
        let blocks = &ctx.region(r).blocks;
        for (i, &b) in blocks.iter().enumerate() {
            let (args, term) = if i == 0 { (entry_args, terminators) } else { (true, true) };
            if args {
                for a in 0..ctx.block(b).args.len() {
                    let v = Value::BlockArg { block: b, index: a as u32 };
                    if let Some(t) = self.try_value_type(v) {
                        if ctx.try_type_kind(t).is_some() {
                            self.collector.visit_type(ctx, t, false);
                        }
                    }
                    if self.opts.debug_info {
                        let loc = self.value_loc(v);
                        if ctx.try_attr_kind(loc).is_some() {
                            self.collector.visit_attr(ctx, loc, false, false);
                        }
                    }
                }
            }
            let last = self.elided_terminator(b, term);
            let mut cur = ctx.block_first_op(b);
            while let Some(o) = cur {
                cur = ctx.next_op(o);
                if Some(o) == last {
                    break;
                }
                self.collect_op(o);
            }
        }
    }

    /// The block's terminator if it is not to be printed.
    fn elided_terminator(&self, b: BlockId, print_terminator: bool) -> Option<OpId> {
        if print_terminator {
            return None;
        }
        let last = self.ctx.block_last_op(b)?;
        self.ctx.op_has_trait(last, Traits::IS_TERMINATOR).then_some(last)
    }

    // ----- real printing -----

    /// The whole output for a top-level op: aliases, the op, deferred aliases, resources.
    pub(crate) fn print_top_level(&mut self, op: OpId) {
        self.print_aliases(false);
        self.print_op_line(op);
        self.out.push('\n');
        self.print_aliases(true);
        self.print_resources();
    }

    fn print_aliases(&mut self, deferred: bool) {
        let entries: Vec<(Key, String)> =
            self.aliases.ordered.iter().filter(|(_, _, d)| *d == deferred).map(|(k, s, _)| (*k, s.clone())).collect();
        for (k, name) in entries {
            self.out.push_str(&name);
            self.out.push_str(" = ");
            match k {
                Key::Attr(a) => self.attr_impl(a, Elide::Never),
                Key::Type(t) => self.type_impl(t),
            }
            self.out.push('\n');
        }
    }

    /// `{-# dialect_resources: {...}, external_resources: {...} #-}`: the blobs referenced by
    /// `dense_resource` attributes (in order of first use) and the external resources.
    fn print_resources(&mut self) {
        let ctx = self.ctx;
        let dialect: Vec<(&str, &str)> = self
            .resources
            .iter()
            .filter_map(|k| ctx.resources.get(&("builtin".to_string(), k.clone())).map(|v| (k.as_str(), v.as_str())))
            .collect();
        let mut text = String::new();
        let mut sections = 0;
        let value = |v: &str| -> String {
            if v.starts_with('"') || v == "true" || v == "false" {
                v.to_string()
            } else {
                format!("\"{}\"", v)
            }
        };
        if !dialect.is_empty() {
            text.push_str("  dialect_resources: {\n    builtin: {\n");
            for (i, (k, v)) in dialect.iter().enumerate() {
                if i > 0 {
                    text.push_str(",\n");
                }
                text.push_str("      ");
                text.push_str(k);
                text.push_str(": ");
                text.push_str(&value(v));
            }
            text.push_str("\n    }\n  }");
            sections += 1;
        }
        if !ctx.external_resources.is_empty() {
            if sections > 0 {
                text.push_str(",\n");
            }
            text.push_str("  external_resources: {\n");
            let mut groups: Vec<&str> = Vec::new();
            for (g, _, _) in &ctx.external_resources {
                if !groups.contains(&g.as_str()) {
                    groups.push(g);
                }
            }
            for (gi, g) in groups.iter().enumerate() {
                if gi > 0 {
                    text.push_str(",\n");
                }
                text.push_str("    ");
                text.push_str(g);
                text.push_str(": {\n");
                let mut first = true;
                for (_, k, v) in ctx.external_resources.iter().filter(|(gg, _, _)| gg == g) {
                    if !first {
                        text.push_str(",\n");
                    }
                    first = false;
                    text.push_str("      ");
                    text.push_str(k);
                    text.push_str(": ");
                    text.push_str(v);
                }
                text.push_str("\n    }");
            }
            text.push_str("\n  }");
            sections += 1;
        }
        if sections > 0 {
            self.out.push_str("\n{-#\n");
            self.out.push_str(&text);
            self.out.push_str("\n#-}\n");
        }
    }

    /// An op at the current indentation with its trailing location (MLIR's `print(Operation*)`).
    pub(crate) fn print_op_line(&mut self, op: OpId) {
        self.push_indent();
        self.print_operation(op);
        if self.opts.debug_info {
            self.out.push(' ');
            let loc = self.ctx.op(op).loc;
            self.print_location(loc, true);
        }
    }

    /// Print `op` inline, in its custom form if it has one, else generic, without its result
    /// names (MLIR's `printCustomOrGenericOp`, as `vector.mask` prints its masked op).
    pub fn print_custom_or_generic_op(&mut self, op: OpId) {
        if self.collecting {
            self.collect_op(op);
            return;
        }
        self.print_operation_body(op);
    }

    fn print_operation(&mut self, op: OpId) {
        let ctx = self.ctx;
        let d = ctx.op(op);
        let nres = d.num_results();
        if let Some(names) = self.names.split_result_names(op) {
            for (i, (n, k)) in names.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('%');
                self.out.push_str(n);
                if *k > 1 {
                    self.out.push(':');
                    super::names::push_u32(&mut self.out, *k);
                }
            }
            self.out.push_str(" = ");
        } else if nres > 0 {
            self.out.push('%');
            if !self.names.write_op_result_base(op, &mut self.out) {
                self.out.pop();
                self.out.push_str("<<UNKNOWN SSA VALUE>>");
            }
            if nres > 1 {
                self.out.push(':');
                super::names::push_u32(&mut self.out, nres as u32);
            }
            self.out.push_str(" = ");
        }
        self.print_operation_body(op);
    }

    fn print_operation_body(&mut self, op: OpId) {
        let ctx = self.ctx;
        let d = ctx.op(op);
        if let Some(hook) = self.custom_printer(op) {
            let start = self.out.len();
            let name = ctx.op_name_str(d.name);
            let dd = self.default_dialects.last().copied().unwrap_or("");
            let short = if !dd.is_empty()
                && name.len() > dd.len()
                && name.starts_with(dd)
                && name.as_bytes()[dd.len()] == b'.'
                && name.bytes().filter(|c| *c == b'.').count() == 1
            {
                &name[dd.len() + 1..]
            } else {
                name
            };
            self.out.push_str(short);
            if self.run_hook(hook, op) {
                return;
            }
            self.out.truncate(start);
        }
        self.print_generic_real(op);
    }

    pub(crate) fn print_generic_real(&mut self, op: OpId) {
        let ctx = self.ctx;
        let d = ctx.op(op);
        let ni = d.name.0 as usize;
        if ni >= self.quoted_names.len() {
            self.quoted_names.resize(ni + 1, None);
        }
        let quoted = self.quoted_names[ni].get_or_insert_with(|| {
            let mut s = String::new();
            write_escaped_quoted(&mut s, ctx.op_name_str(d.name));
            s.into()
        });
        self.out.push_str(quoted);
        self.out.push('(');
        for (i, v) in d.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.write_value(ctx, *v, true, &mut self.out);
        }
        self.out.push(')');
        if !d.successors().is_empty() {
            self.out.push('[');
            for (i, b) in d.successors().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.names.write_block(*b, &mut self.out);
            }
            self.out.push(']');
        }
        if !d.properties().is_empty() {
            self.out.push_str(" <{");
            for (i, na) in d.properties().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_named_attr(*na);
            }
            self.out.push_str("}>");
        }
        if !d.regions().is_empty() {
            self.out.push_str(" (");
            for (i, r) in d.regions().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_real(*r, true, true, true);
            }
            self.out.push(')');
        }
        if !d.attributes().is_empty() {
            self.out.push_str(" {");
            for (i, na) in d.attributes().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_named_attr(*na);
            }
            self.out.push('}');
        }
        self.out.push_str(" : ");
        self.print_functional_type(op);
    }

    pub(crate) fn print_region_real(&mut self, r: RegionId, entry_args: bool, terminators: bool, empty_block: bool) {
        let ctx = self.ctx;
        self.out.push_str("{\n");
        let blocks = &ctx.region(r).blocks;
        if let Some(&entry) = blocks.first() {
            let dd = ctx
                .region(r)
                .parent
                .and_then(|p| ctx.op_info(ctx.op(p).name))
                .and_then(|i| i.default_dialect)
                .unwrap_or("");
            self.default_dialects.push(dd);
            let header = (empty_block && ctx.block_first_op(entry).is_none())
                || (entry_args && !ctx.block(entry).args.is_empty());
            self.print_block_real(entry, header, terminators);
            for &b in &blocks[1..] {
                self.print_block_real(b, true, true);
            }
            if self.default_dialects.len() > 1 {
                self.default_dialects.pop();
            }
        }
        self.push_indent();
        self.out.push('}');
    }

    fn print_block_real(&mut self, b: BlockId, print_header: bool, print_terminator: bool) {
        let ctx = self.ctx;
        if print_header {
            self.push_indent();
            self.names.write_block(b, &mut self.out);
            let nargs = ctx.block(b).args.len();
            if nargs > 0 {
                self.out.push('(');
                for i in 0..nargs {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let v = Value::BlockArg { block: b, index: i as u32 };
                    self.names.write_value(ctx, v, true, &mut self.out);
                    self.out.push_str(": ");
                    let t = self.value_type(v);
                    self.write_type_real(t);
                    if self.opts.debug_info {
                        self.out.push(' ');
                        let loc = self.value_loc(v);
                        self.print_location(loc, false);
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            self.print_pred_comment(b);
            self.out.push('\n');
        }
        self.indent += 2;
        let last = self.elided_terminator(b, print_terminator);
        let mut cur = ctx.block_first_op(b);
        while let Some(o) = cur {
            cur = ctx.next_op(o);
            if Some(o) == last {
                break;
            }
            self.print_op_line(o);
            self.out.push('\n');
            self.maybe_flush();
        }
        self.indent -= 2;
    }

    /// `  // pred: ^bb0`, `  // 2 preds: ^bb0, ^bb1`, `  // no predecessors`.
    fn print_pred_comment(&mut self, b: BlockId) {
        let ctx = self.ctx;
        let Some(region) = ctx.block(b).parent else {
            self.out.push_str("  // block is not in a region!");
            return;
        };
        if self.preds.is_none() {
            self.preds = Some(self.compute_preds());
        }
        let preds: Vec<u32> = self.preds.as_ref().and_then(|m| m.get(&b.0)).cloned().unwrap_or_default();
        match preds.len() {
            0 => {
                if ctx.region(region).blocks.first() != Some(&b) {
                    self.out.push_str("  // no predecessors");
                }
            }
            1 => {
                self.out.push_str("  // pred: ");
                self.names.write_block(BlockId(preds[0]), &mut self.out);
            }
            n => {
                let mut ps: Vec<(i64, u32)> = preds
                    .iter()
                    .map(|p| (self.names.block_order(BlockId(*p)).map(|o| o as i64).unwrap_or(-1), *p))
                    .collect();
                ps.sort();
                self.out.push_str("  // ");
                super::names::push_u32(&mut self.out, n as u32);
                self.out.push_str(" preds: ");
                for (i, (_, p)) in ps.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.names.write_block(BlockId(*p), &mut self.out);
                }
            }
        }
    }

    /// Predecessor blocks of every block under the numbering root (one entry per successor use).
    fn compute_preds(&self) -> HashMap<u32, Vec<u32>> {
        let ctx = self.ctx;
        let mut m: HashMap<u32, Vec<u32>> = HashMap::new();
        let Some(root) = self.root else { return m };
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            let d = ctx.op(op);
            if let Some(pb) = d.parent() {
                for s in d.successors() {
                    m.entry(s.0).or_default().push(pb.0);
                }
            }
            for &r in d.regions() {
                for &b in &ctx.region(r).blocks {
                    let mut cur = ctx.block_first_op(b);
                    while let Some(o) = cur {
                        cur = ctx.next_op(o);
                        stack.push(o);
                    }
                }
            }
        }
        m
    }
}
