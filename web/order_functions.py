"""Puts the module's functions in an order gzip compresses better: alike functions side by side.

  python3 web/order_functions.py <module.wasm> <module.wat> <sorted.wat>

<module.wat> is wasm-dis's text of <module.wasm>; <sorted.wat> is the same text with the function
definitions reordered, for wasm-opt to write back as a module (web/CMakeLists.txt says why and
what it saves). Only the order changes: in the text every call names its function, so wasm-opt
gives each function its new index and every call, export and table entry follows it.

The order: the functions called from the most places first, as many as still get a one-byte
index after the imports (an index under 128 is one byte in every call), then the rest sorted by
type and then by their bytes, which puts a template's instantiations, and functions that differ
in a constant or a callee, next to each other, within reach of deflate's 32 KB window.
"""
import collections
import re
import sys


def leb(data, i):
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def read_module(path):
    """The module's imported function count, each defined function's type index and body bytes."""
    data = open(path, 'rb').read()
    if data[:4] != b'\0asm':
        sys.exit(f'{path} is not a WebAssembly module')
    imported, types, bodies = 0, [], []
    i = 8
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:  # imports: count the functions
            count, j = leb(data, i)
            for _ in range(count):
                for _ in range(2):  # module and field names
                    length, j = leb(data, j)
                    j += length
                kind = data[j]
                j += 1
                if kind == 0:  # function: a type index
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:  # table: element type, limits
                    flags, j = leb(data, j + 1)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 2:  # memory: limits
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 3:  # global: value type, mutability
                    j += 2
                else:
                    sys.exit(f'{path}: import of unknown kind {kind}')
        elif section == 3:  # functions: their types
            count, j = leb(data, i)
            for _ in range(count):
                t, j = leb(data, j)
                types.append(t)
        elif section == 10:  # code: the bodies
            count, j = leb(data, i)
            for _ in range(count):
                size, j = leb(data, j)
                bodies.append(data[j:j + size])
                j += size
        i = end
    if len(types) != len(bodies):
        sys.exit(f'{path}: {len(types)} functions but {len(bodies)} bodies')
    return imported, types, bodies


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: order_functions.py <module.wasm> <module.wat> <sorted.wat>')
    module, text, output = sys.argv[1:]
    imported, types, bodies = read_module(module)

    # wasm-dis writes each top-level form from a line that starts " (" and the module's closing
    # ")" alone; the functions are one run of forms, in the module's order.
    head, forms = [], []
    for line in open(text).read().split('\n'):
        if line.startswith(' (') or (line == ')' and forms):
            forms.append([line])
        elif forms:
            forms[-1].append(line)
        else:
            head.append(line)
    at = [k for k, form in enumerate(forms) if form[0].startswith(' (func ')]
    if len(at) != len(bodies) or (at and at[-1] - at[0] + 1 != len(at)):
        sys.exit(f'{text}: {len(at)} function definitions, not one run of {len(bodies)} as in {module}')
    functions = [forms[k] for k in at]

    calls = collections.Counter()
    call = re.compile(r'\((?:call|return_call) (\$\S+)')
    for form in functions:
        for line in form:
            for name in call.findall(line):
                calls[name] += 1
    names = [form[0].split()[1] for form in functions]
    one_byte = max(0, 128 - imported)
    hot = sorted(range(len(functions)), key=lambda k: (-calls[names[k]], k))[:one_byte]
    rest = sorted(set(range(len(functions))) - set(hot), key=lambda k: (types[k], bodies[k]))
    order = sorted(hot) + rest

    forms[at[0]:at[-1] + 1] = [functions[k] for k in order]
    with open(output, 'w') as out:
        out.write('\n'.join(head + [line for form in forms for line in form]))


if __name__ == '__main__':
    main()
