// Copies what tsc does not emit into dist/: the node and credential icons and the codex (.node.json) files.
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/*.svg', { encoding: false }).pipe(dest('dist/icons'));
}

function copyCodexFiles() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:assets'] = parallel(copyIcons, copyCodexFiles);
