/**
 * The exports of the product that the product itself never uses: module exports, and public members
 * of exported classes, that no product source references outside their own declaration. For a module
 * export that is its own statement (a pure decision its file applies is used; a re-export is used
 * when something imports through it); for a member, its class (a member only its class calls needs
 * no one else to reach it). Only product files are compiled, so a use by a test, a script or the
 * benchmark does not count. n8n's entry points count as used: the classes package.json's "n8n"
 * section names, and every member a class implements or overrides of a type declared outside the
 * product (n8n-workflow's INodeType, ICredentialType, NodeApiError, …): n8n calls those.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import ts from 'typescript';

const OPTIONS: ts.CompilerOptions = {
	strict: true,
	module: ts.ModuleKind.CommonJS,
	target: ts.ScriptTarget.ES2022,
	esModuleInterop: true,
	resolveJsonModule: true,
	skipLibCheck: true,
	noEmit: true,
	types: [],
};

/** The TypeScript sources under `dir`, declaration files aside. */
export function sourcesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourcesUnder(path);
		return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
	});
}

/** The product alone, compiled: nothing a test, a script or the benchmark imports is in it. */
export function productProgram(files: readonly string[]): ts.Program {
	return ts.createProgram([...files], OPTIONS);
}

/** TypeScript's own declaration files, parsed once for every in-memory program. */
const libraries = new Map<string, ts.SourceFile | undefined>();

/** A program of in-memory sources (path → text), for the detector's own tests. */
export function programOf(sources: Record<string, string>): ts.Program {
	const host = ts.createCompilerHost(OPTIONS);
	const { getSourceFile, fileExists, readFile } = host;
	host.getSourceFile = (file, language, ...rest) => {
		if (file in sources) return ts.createSourceFile(file, sources[file], language);
		if (!libraries.has(file))
			libraries.set(file, getSourceFile.call(host, file, language, ...rest));
		return libraries.get(file);
	};
	host.fileExists = (file) => file in sources || fileExists.call(host, file);
	host.readFile = (file) => sources[file] ?? readFile.call(host, file);
	const folders = new Set(Object.keys(sources).map((file) => file.slice(0, file.lastIndexOf('/'))));
	const { directoryExists } = host;
	host.directoryExists = (dir) => folders.has(dir) || (directoryExists?.call(host, dir) ?? false);
	return ts.createProgram(Object.keys(sources), OPTIONS, host);
}

/** A class n8n loads: the file and the exported class of that file's name. */
export interface EntryPoint {
	file: string;
	className: string;
}

/** The entry points package.json's "n8n" section names, as sources under `root`. */
export function n8nEntryPoints(root: string): EntryPoint[] {
	const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
		n8n: { credentials: string[]; nodes: string[] };
	};
	return [...manifest.n8n.credentials, ...manifest.n8n.nodes].map((built) => {
		const file = resolve(root, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		return { file, className: basename(file).split('.')[0] };
	});
}

type ClassMember = ts.ClassElement | ts.ParameterDeclaration;

/** The class a member belongs to, or undefined for a symbol that is no class member. */
function classOf(declaration: ts.Declaration): ts.ClassLikeDeclaration | undefined {
	if (ts.isParameter(declaration) && ts.isConstructorDeclaration(declaration.parent))
		return ts.isParameterPropertyDeclaration(declaration, declaration.parent)
			? declaration.parent.parent
			: undefined;
	return ts.isClassLike(declaration.parent) ? declaration.parent : undefined;
}

/** What a use must be outside of to count: a member's class, or a module export's own declaration. */
function ownerOf(declaration: ts.Declaration): ts.Node {
	return classOf(declaration) ?? declaration;
}

function within(node: ts.Node, owner: ts.Node): boolean {
	return (
		node.getSourceFile() === owner.getSourceFile() && node.pos >= owner.pos && node.end <= owner.end
	);
}

/** Names that declare rather than use: a declaration's own name, an import or export specifier. */
function declares(identifier: ts.Identifier): boolean {
	const { parent } = identifier;
	if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent))
		return true;
	if (ts.isNamespaceImport(parent) || ts.isImportEqualsDeclaration(parent)) return true;
	if (ts.isPropertyAccessExpression(parent) || ts.isShorthandPropertyAssignment(parent))
		return false;
	return 'name' in parent && parent.name === identifier;
}

/** Whether a symbol stands for a module (a namespace import or `import x = require`). */
function isModule(symbol: ts.Symbol): boolean {
	return (symbol.declarations ?? []).some(ts.isSourceFile);
}

/** The product's exports and public members the product never uses, as `file: name`. */
export function unusedExports(
	program: ts.Program,
	productFiles: readonly string[],
	entryPoints: readonly EntryPoint[],
	root = process.cwd(),
): string[] {
	const checker = program.getTypeChecker();
	const product = new Set(productFiles.map((file) => resolve(root, file)));
	const sources = program
		.getSourceFiles()
		.filter((source) => product.has(resolve(root, source.fileName)));
	const used = new Set<ts.Symbol>();

	/** Marks the symbol, what it stands for and each alias in between, where used outside its owner. */
	const use = (symbol: ts.Symbol | undefined, at: ts.Node): void => {
		for (let current = symbol; current;) {
			const exported = checker.getExportSymbolOfSymbol(current);
			for (const root of new Set([...checker.getRootSymbols(current), exported])) {
				const outside = (root.declarations ?? []).every((d) => !within(at, ownerOf(d)));
				if (outside) used.add(root);
			}
			if (!(current.flags & ts.SymbolFlags.Alias) || !current.declarations?.length) return;
			current = checker.getImmediateAliasedSymbol(current);
		}
	};

	/** The type the context of a value asks for (of its property, for a shorthand `{ value }`). */
	const askedType = (at: ts.Identifier): ts.Type | undefined => {
		if (!ts.isShorthandPropertyAssignment(at.parent)) return checker.getContextualType(at);
		const literal = checker.getContextualType(at.parent.parent);
		const property = literal?.getProperty(at.text);
		return property
			? checker.getTypeOfSymbolAtLocation(property, at)
			: literal?.getStringIndexType();
	};

	/** A module used as a value: the exports its context asks for, or every export. */
	const useModule = (module: ts.Symbol, at: ts.Identifier): void => {
		const exports = checker.getExportsOfModule(module);
		const asked = askedType(at);
		const names = asked && new Set(asked.getProperties().map((property) => property.name));
		for (const exported of exports)
			if (names === undefined || names.size === 0 || names.has(exported.name)) use(exported, at);
	};

	const visit = (node: ts.Node): void => {
		if (ts.isIdentifier(node) && !declares(node)) {
			const shorthand = ts.isShorthandPropertyAssignment(node.parent);
			const symbol = shorthand
				? checker.getShorthandAssignmentValueSymbol(node.parent)
				: checker.getSymbolAtLocation(node);
			use(symbol, node);
			const target =
				symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
			const accessed =
				(ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node) ||
				ts.isQualifiedName(node.parent);
			if (target && isModule(target) && !accessed) useModule(target, node);
		}
		if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
			const key = node.propertyName ?? node.name;
			if (ts.isIdentifier(key))
				use(checker.getTypeAtLocation(node.parent).getProperty(key.text), node);
		}
		ts.forEachChild(node, visit);
	};
	for (const source of sources) visit(source);

	const productDeclared = (symbol: ts.Symbol): boolean =>
		(symbol.declarations ?? []).some((d) => product.has(resolve(root, d.getSourceFile().fileName)));

	/** A member n8n or a product type calls through the type the class implements or extends. */
	const inherited = (member: ClassMember, owner: ts.ClassLikeDeclaration, name: string): boolean =>
		(owner.heritageClauses ?? [])
			.flatMap((clause) => clause.types)
			.some((heritage) => {
				const property = checker.getTypeAtLocation(heritage).getProperty(name);
				if (property === undefined || property.declarations?.includes(member)) return false;
				return !productDeclared(property) || used.has(property);
			});

	const findings: string[] = [];
	for (const source of sources) {
		const file = source.fileName;
		const module = checker.getSymbolAtLocation(source);
		if (module === undefined) continue;
		const entry = entryPoints.find((point) => resolve(root, point.file) === resolve(root, file));
		for (const exported of checker.getExportsOfModule(module)) {
			const declarations = exported.declarations ?? [];
			if (!declarations.some((d) => d.getSourceFile() === source)) continue;
			const isEntry = entry?.className === exported.name;
			if (!isEntry && !used.has(exported)) findings.push(`${file}: ${exported.name}`);
			const declaration = declarations.find(ts.isClassDeclaration);
			if (declaration === undefined) continue;
			for (const member of publicMembers(declaration)) {
				const name = member.name && ts.isIdentifier(member.name) ? member.name.text : undefined;
				const symbol = member.name && checker.getSymbolAtLocation(member.name);
				if (name === undefined || symbol === undefined || used.has(symbol)) continue;
				if (!inherited(member, declaration, name))
					findings.push(`${file}: ${exported.name}.${name}`);
			}
		}
	}
	return findings.map((finding) => finding.replace(`${resolve(root)}/`, ''));
}

/** A class's members others may reach: neither private, protected nor `#private`; no constructor. */
function publicMembers(declaration: ts.ClassDeclaration): ClassMember[] {
	const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
	const constructor = declaration.members.find(ts.isConstructorDeclaration);
	const properties = (constructor?.parameters ?? []).filter((parameter) =>
		ts.isParameterPropertyDeclaration(parameter, constructor!),
	);
	return [...declaration.members, ...properties].filter(
		(member) =>
			!ts.isConstructorDeclaration(member) &&
			!ts.isClassStaticBlockDeclaration(member) &&
			!(ts.getCombinedModifierFlags(member as ts.Declaration) & hidden) &&
			!(member.name && ts.isPrivateIdentifier(member.name)),
	);
}
