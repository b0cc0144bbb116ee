#!/bin/sh
# Print the shell tests' sort input: 362 lines, 8546 bytes, one line in
# ten or so holding "the", like UnixBench's sort.src (which is an old
# shell script). Our own text, the same every time.
awk 'BEGIN {
	split("set export cd test echo read shift case while until for done " \
	      "fi else elif exit trap wait umask eval exec", verb, " ");
	split("path home dir file list count value mode flag name size tmp " \
	      "log out input result option entry field index", noun, " ");
	seed = 7;
	for (i = 0; i < 362; i++) {
		seed = (seed * 1103515245 + 12345) % 2147483648;
		v = verb[seed % 22 + 1];
		n = noun[int(seed / 22) % 21 + 1];
		line = sprintf("%s %s%d=$%s", v, n, (seed / 7) % 1000, toupper(n));
		if (i % 3 == 1)
			line = line " && " v;
		if (i % 10 == 3)
			line = line " # the " n;
		lines[i] = line;
		total += length(line) + 1;
	}
	# Pad the last lines so the whole file is 8546 bytes.
	for (i = 361; total < 8546; i = (i + 359) % 362) {
		lines[i] = lines[i] "x";
		total++;
	}
	for (i = 0; i < 362; i++)
		print lines[i];
}'
