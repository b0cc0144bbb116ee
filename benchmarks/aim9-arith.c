// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's arithmetic tests: add_*, mul_*, div_* for double, float, long,
 * int and short. One call runs a loop whose body is 12 operations of
 * the kind on three variables (d, a, b) that come back to their first
 * values at the end of each pass, so the work cannot be skipped and the
 * result is known: the call fails unless d, a and b end where they
 * began. The factor counts thousands of operations: passes x 12 / 1000
 * (add_double: 1500000 passes, factor 1500 x 12), the original's loop
 * counts. The operands come from volatile variables, as the original's
 * come from its argument string, so the compiler cannot fold them.
 */
#include <errno.h>

#include "aim9.h"

/*
 * The additions and multiplications: with d = e (0 or 1, the identity)
 * and b the inverse of a, the twelve steps rotate e, a, 1/a through the
 * three variables and end where they began.
 */
#define AIM9_ROTATE(op, d, a, b) \
	do {                     \
		d op a;          \
		a op b;          \
		a op b;          \
		b op d;          \
		b op d;          \
		d op a;          \
		d op a;          \
		a op b;          \
		a op b;          \
		b op d;          \
		b op d;          \
		d op a;          \
	} while (0)

/*
 * The divisions: from (1, a, 1/a), twelve divisions that end at
 * (1, a, 1/a) again.
 */
#define AIM9_DIVIDE(d, a, b) \
	do {                 \
		d /= a;      \
		b /= d;      \
		a /= b;      \
		b /= a;      \
		d /= b;      \
		b /= d;      \
		d /= a;      \
		b /= d;      \
		a /= b;      \
		b /= a;      \
		d /= b;      \
		b /= d;      \
	} while (0)

/*
 * The integer products: a and b are 1 (the original's arguments) and
 * only multiply each other and d, which keeps its value.
 */
#define AIM9_MUL_INT(d, a, b) \
	do {                  \
		d *= a;       \
		a *= b;       \
		a *= b;       \
		b *= a;       \
		b *= a;       \
		d *= b;       \
		d *= a;       \
		a *= b;       \
		a *= b;       \
		b *= a;       \
		b *= a;       \
		d *= b;       \
	} while (0)

/*
 * The integer divisions: by a and b, which are 1 (the original's
 * arguments), three times four divisions, so d keeps its value.
 */
#define AIM9_DIVIDE_INT(d, a, b) \
	do {                     \
		d /= a;          \
		d /= b;          \
		a /= b;          \
		b /= a;          \
		d /= a;          \
		d /= b;          \
		a /= b;          \
		b /= a;          \
		d /= a;          \
		d /= b;          \
		a /= b;          \
		b /= a;          \
	} while (0)

/* Operands as the original's arguments give them (exact in binary). */
static volatile double aim9_x_pi = 3.14159, aim9_x_4 = 4.0, aim9_x_q = 0.25;
static volatile double aim9_x_f = 3.5;
static volatile long aim9_x_3 = 3, aim9_x_1 = 1;

#define AIM9_ARITH(name, T, loops, d0, a0, b0, body)              \
	int name(void)                                            \
	{                                                         \
		T d = (T)(d0), a = (T)(a0), b = (T)(b0);          \
		const T sd = d, sa = a, sb = b;                   \
		long n;                                           \
                                                                  \
		for (n = loops; n > 0; n--)                       \
			body;                                     \
		return d == sd && a == sa && b == sb ? 0 : -EDOM; \
	}

AIM9_ARITH(aim9_add_double, double, 1500000, 0, aim9_x_pi, -aim9_x_pi,
	   AIM9_ROTATE(+=, d, a, b))
AIM9_ARITH(aim9_add_float, float, 1000000, 0, aim9_x_f, -aim9_x_f,
	   AIM9_ROTATE(+=, d, a, b))
AIM9_ARITH(aim9_add_long, long, 5000000, 0, aim9_x_3, -aim9_x_3,
	   AIM9_ROTATE(+=, d, a, b))
AIM9_ARITH(aim9_add_int, int, 5000000, 0, aim9_x_3, -aim9_x_3,
	   AIM9_ROTATE(+=, d, a, b))
AIM9_ARITH(aim9_add_short, short, 2000000, 0, aim9_x_3, -aim9_x_3,
	   AIM9_ROTATE(+=, d, a, b))
AIM9_ARITH(aim9_mul_double, double, 1000000, 1, aim9_x_4, aim9_x_q,
	   AIM9_ROTATE(*=, d, a, b))
AIM9_ARITH(aim9_mul_float, float, 1000000, 1, aim9_x_4, aim9_x_q,
	   AIM9_ROTATE(*=, d, a, b))
/* The integer products and quotients: the original's 1 and 1, on x. */
AIM9_ARITH(aim9_mul_long, long, 20000, 12345678, aim9_x_1, aim9_x_1,
	   AIM9_MUL_INT(d, a, b))
AIM9_ARITH(aim9_mul_int, int, 20000, 12345678, aim9_x_1, aim9_x_1,
	   AIM9_MUL_INT(d, a, b))
AIM9_ARITH(aim9_mul_short, short, 25000, 12345, aim9_x_1, aim9_x_1,
	   AIM9_MUL_INT(d, a, b))
AIM9_ARITH(aim9_div_double, double, 250000, 1, aim9_x_4, aim9_x_q,
	   AIM9_DIVIDE(d, a, b))
AIM9_ARITH(aim9_div_float, float, 250000, 1, aim9_x_4, aim9_x_q,
	   AIM9_DIVIDE(d, a, b))
AIM9_ARITH(aim9_div_long, long, 75000, 1234578, aim9_x_1, aim9_x_1,
	   AIM9_DIVIDE_INT(d, a, b))
AIM9_ARITH(aim9_div_int, int, 75000, 1234578, aim9_x_1, aim9_x_1,
	   AIM9_DIVIDE_INT(d, a, b))
AIM9_ARITH(aim9_div_short, short, 75000, 12345, aim9_x_1, aim9_x_1,
	   AIM9_DIVIDE_INT(d, a, b))
