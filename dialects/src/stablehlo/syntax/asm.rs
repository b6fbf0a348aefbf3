//! A thin adapter over the IR's [`OpAsmParser`] with the vocabulary custom-assembly parse hooks
//! use (MLIR's `OpAsmParser` method names, shortened): punctuation, keywords, operands,
//! types, attributes, regions. Every dialect's syntax in this crate (stablehlo, func, check,
//! chlo) parses through it, so a change in the parser's API touches this file only.
//!
//! Conventions: `foo()` requires the item (emitting "expected ..." on failure), `opt_foo()`
//! returns `Ok(None)`/`false` when the item is absent without consuming anything.

use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult, SourcePos};
use strata_ir::{Attribute, Context, Failure, NamedAttribute, RegionId, Type, Value};

pub use strata_ir::parser::{Argument as Arg, UnresolvedOperand as Operand};

/// Result of a parse step.
pub type PResult<T> = ParseResult<T>;

/// The adapter. Construct with [`Asm::new`] at the start of a parse hook.
pub struct Asm<'x, 'a, 's> {
    p: &'x mut OpAsmParser<'a, 's>,
}

#[allow(missing_docs)]
impl<'x, 'a, 's> Asm<'x, 'a, 's> {
    pub fn new(p: &'x mut OpAsmParser<'a, 's>) -> Self {
        Asm { p }
    }

    /// The underlying parser.
    pub fn raw(&mut self) -> &mut OpAsmParser<'a, 's> {
        self.p
    }

    pub fn ctx(&mut self) -> &mut Context {
        self.p.ctx()
    }

    /// Emit an error at the current token.
    pub fn error(&mut self, msg: &str) -> Failure {
        self.p.emit_error(msg)
    }

    /// A position to report errors at later ([`Asm::error_at`]).
    pub fn pos(&mut self) -> SourcePos {
        self.p.current_pos()
    }

    /// Emit an error at a saved position.
    pub fn error_at(&mut self, pos: SourcePos, msg: &str) -> Failure {
        self.p.emit_error_at(pos, msg)
    }

    // ----- punctuation -----

    /// Require punctuation: one of `,` `:` `=` `(` `)` `[` `]` `{` `}` `<` `>` `->` `?` `*` `+` `-` `|` `...`.
    pub fn punct(&mut self, s: &str) -> PResult<()> {
        let p = &mut *self.p;
        match s {
            "," => p.parse_comma(),
            ":" => p.parse_colon(),
            "=" => p.parse_equal(),
            "(" => p.parse_lparen(),
            ")" => p.parse_rparen(),
            "[" => p.parse_lsquare(),
            "]" => p.parse_rsquare(),
            "{" => p.parse_lbrace(),
            "}" => p.parse_rbrace(),
            "<" => p.parse_less(),
            ">" => p.parse_greater(),
            "->" => p.parse_arrow(),
            "?" => p.parse_question(),
            "*" => p.parse_star(),
            "+" => p.parse_plus(),
            "-" => p.parse_minus(),
            "|" => p.parse_vertical_bar(),
            "..." => p.parse_ellipsis(),
            _ => Err(p.emit_error(format!("internal: unknown punctuation '{s}'"))),
        }
    }

    /// Optional punctuation.
    pub fn opt_punct(&mut self, s: &str) -> bool {
        let p = &mut *self.p;
        match s {
            "," => p.parse_optional_comma(),
            ":" => p.parse_optional_colon(),
            "=" => p.parse_optional_equal(),
            "(" => p.parse_optional_lparen(),
            ")" => p.parse_optional_rparen(),
            "[" => p.parse_optional_lsquare(),
            "]" => p.parse_optional_rsquare(),
            "{" => p.parse_optional_lbrace(),
            "}" => p.parse_optional_rbrace(),
            "<" => p.parse_optional_less(),
            ">" => p.parse_optional_greater(),
            "->" => p.parse_optional_arrow(),
            "?" => p.parse_optional_question(),
            "*" => p.parse_optional_star(),
            "+" => p.parse_optional_plus(),
            "-" => p.parse_optional_minus(),
            "|" => p.parse_optional_vertical_bar(),
            "..." => p.parse_optional_ellipsis(),
            _ => false,
        }
    }

    // ----- keywords, literals -----

    /// Require the bare identifier `kw`.
    pub fn keyword(&mut self, kw: &str) -> PResult<()> {
        self.p.parse_keyword(kw)
    }

    pub fn opt_keyword(&mut self, kw: &str) -> bool {
        self.p.parse_optional_keyword(kw)
    }

    /// Any bare identifier.
    pub fn any_keyword(&mut self) -> PResult<String> {
        self.p.parse_keyword_any().map(|s| s.to_string())
    }

    pub fn opt_any_keyword(&mut self) -> Option<String> {
        self.p.parse_optional_keyword_any().map(|s| s.to_string())
    }

    /// A (possibly negative) integer literal.
    pub fn integer(&mut self) -> PResult<i64> {
        self.p.parse_integer()
    }

    pub fn opt_integer(&mut self) -> PResult<Option<i64>> {
        self.p.parse_optional_integer()
    }

    /// A string literal (unescaped).
    pub fn string(&mut self) -> PResult<String> {
        self.p.parse_string()
    }

    pub fn opt_string(&mut self) -> Option<String> {
        self.p.parse_optional_string()
    }

    /// `@name` (or `@"name"`).
    pub fn symbol_name(&mut self) -> PResult<String> {
        let mut scratch = Vec::new();
        self.p.parse_symbol_name("_", &mut scratch)
    }

    pub fn opt_symbol_name(&mut self) -> PResult<Option<String>> {
        let mut scratch = Vec::new();
        self.p.parse_optional_symbol_name("_", &mut scratch)
    }

    // ----- operands -----

    pub fn operand(&mut self) -> PResult<Operand> {
        self.p.parse_operand()
    }

    pub fn opt_operand(&mut self) -> PResult<Option<Operand>> {
        self.p.parse_optional_operand()
    }

    /// Resolve uses against their types, appending to `out`.
    pub fn resolve(&mut self, ops: &[Operand], tys: &[Type], out: &mut impl Extend<Value>) -> PResult<()> {
        self.p.resolve_operands(ops, tys, out)
    }

    // ----- types -----

    pub fn ty(&mut self) -> PResult<Type> {
        self.p.parse_type()
    }

    pub fn opt_ty(&mut self) -> PResult<Option<Type>> {
        self.p.parse_optional_type()
    }

    // ----- attributes -----

    /// An attribute, with its `: type` suffix where the syntax allows one.
    pub fn attribute(&mut self) -> PResult<Attribute> {
        self.p.parse_attribute()
    }

    /// An attribute whose type is given (`dense<1>` with `ty`), MLIR's `parseAttribute(attr, type)`.
    pub fn attribute_of_type(&mut self, ty: Type) -> PResult<Attribute> {
        self.p.parse_attribute_of_type(ty)
    }

    /// `{name = value, ...}` if present.
    pub fn opt_attr_dict(&mut self, out: &mut Vec<NamedAttribute>) -> PResult<()> {
        self.p.parse_optional_attr_dict(out)
    }

    /// `attributes {...}` if present.
    pub fn opt_attr_dict_with_keyword(&mut self, out: &mut Vec<NamedAttribute>) -> PResult<()> {
        self.p.parse_optional_attr_dict_with_keyword(out)
    }

    /// `<{...}>` properties if present (generic-form properties inside a custom form).
    pub fn opt_properties(&mut self, out: &mut Vec<NamedAttribute>) -> PResult<()> {
        self.p.parse_optional_prop_dict(out)
    }

    /// `loc(...)` if present.
    pub fn opt_location(&mut self) -> PResult<Option<Attribute>> {
        self.p.parse_optional_location()
    }

    // ----- regions -----

    /// A region `{...}` whose entry block has the given arguments (empty: the region may declare
    /// its own entry block header).
    pub fn region(&mut self, args: &[Arg]) -> PResult<RegionId> {
        let mut r = self.p.ctx().create_region();
        self.p.parse_region(&mut r, args, false)?;
        Ok(r)
    }

    /// A region with its own value scope (for ops whose regions are isolated from above).
    pub fn isolated_region(&mut self, args: &[Arg]) -> PResult<RegionId> {
        let mut r = self.p.ctx().create_region();
        self.p.parse_region(&mut r, args, true)?;
        Ok(r)
    }

    /// A region if the next token is `{`.
    pub fn opt_region(&mut self, args: &[Arg], isolated: bool) -> PResult<Option<RegionId>> {
        let mut r = self.p.ctx().create_region();
        if self.p.parse_optional_region(&mut r, args, isolated)? {
            Ok(Some(r))
        } else {
            Ok(None)
        }
    }

    /// A custom op name (`stablehlo.add`, or `"name"`), for forms that embed one.
    pub fn op_name(&mut self) -> PResult<String> {
        self.p.parse_keyword_or_string()
    }

    /// A region argument `%name: type loc(...)?`.
    pub fn region_arg(&mut self) -> PResult<Arg> {
        self.p.parse_argument(true, false)
    }

    /// `<key = value, ...>` rebuilt as text (`<key = value, ...>`), for struct attribute bodies
    /// embedded without their mnemonic (`algorithm = <...>`). Values are keywords, integers,
    /// or `[...]` integer lists.
    pub fn angle_struct_text(&mut self) -> PResult<String> {
        let mut parts: Vec<String> = Vec::new();
        self.p.parse_comma_separated_list(Delimiter::LessGreater, "", |p| {
            let key = p.parse_keyword_any()?.to_string();
            p.parse_equal()?;
            let value = if let Some(i) = p.parse_optional_integer()? {
                i.to_string()
            } else if p.parse_optional_lsquare() {
                let mut xs = Vec::new();
                if !p.parse_optional_rsquare() {
                    loop {
                        xs.push(p.parse_integer()?.to_string());
                        if p.parse_optional_rsquare() {
                            break;
                        }
                        p.parse_comma()?;
                    }
                }
                format!("[{}]", xs.join(", "))
            } else {
                p.parse_keyword_any()?.to_string()
            };
            parts.push(format!("{key} = {value}"));
            Ok(())
        })?;
        Ok(format!("<{}>", parts.join(", ")))
    }
}
