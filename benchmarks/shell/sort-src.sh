#!/bin/sh
# Print the shell tests' sort input: our own text, the same every time,
# with the counts of UnixBench's sort.src (an old shell script), which
# set the work of each step of tst.sh: 362 lines, 1200 words and 8546
# bytes (sort, od), and 35 lines holding "the" (grep, tee, wc).
awk 'BEGIN {
	split("set export cd test echo read shift case while until for done " \
	      "fi else elif exit trap wait umask eval exec unset", verb, " ");
	split("path home dir file list count value mode flag name size tmp " \
	      "log out input result option entry field index line", noun, " ");
	seed = 7;
	for (i = 0; i < 362; i++) {
		seed = (seed * 1103515245 + 12345) % 2147483648;
		v = verb[seed % 22 + 1];
		n = noun[int(seed / 22) % 21 + 1];
		line = sprintf("%s %s%d=$%s", v, n, (seed / 7) % 100, toupper(n));
		words += 2;
		if (i % 3 == 1) {
			line = line " && " v;
			words += 2;
		}
		if (i % 10 == 3 && i < 350) {
			line = line " # the " n;
			words += 3;
		}
		lines[i] = line;
		total += length(line) + 1;
	}
	# One more word on some lines, spread over the file, to 1200.
	for (i = 0; words < 1200; i = (i + 7) % 362) {
		lines[i] = lines[i] " fi";
		words++;
		total += 3;
	}
	# Pad the last lines so the whole file is 8546 bytes.
	for (i = 361; total < 8546; i = (i + 359) % 362) {
		lines[i] = lines[i] "x";
		total++;
	}
	for (i = 0; i < 362; i++)
		print lines[i];
}'
