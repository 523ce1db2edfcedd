#!/usr/bin/perl
# Make freeze's SVG match the terminal. freeze places text and background
# rectangles on a cell of font size / 1.68, but DejaVu Sans Mono advances
# 0.60205 em (1233/2048), so text drifted right of its backgrounds, a whole
# cell by the right pane: the font is set to the size whose advance is the
# cell, 14 px / 1.68 / 0.60205 = 13.842 px. And freeze inserts
# each rectangle before the last, so a rectangle's half cell of overlap
# covered the start of the next one: they are put back in text order.
use strict;
local $/;
$_ = <STDIN>;
s/(<g font-family="DejaVu Sans Mono" font-size=")14\.00px"/${1}13.842px"/
	or die "fix-svg.pl: no 14 px DejaVu Sans Mono group: make.sh and this script disagree\n";
my @rects = /(<rect fill="[^"]*" x="[^"]*px" y="[^"]*px" height="[^"]*px" width="[^"]*px"\/>)/g;
my $i = 0;
s/<rect fill="[^"]*" x="[^"]*px" y="[^"]*px" height="[^"]*px" width="[^"]*px"\/>/$rects[$#rects - $i++]/ge;
print;
