#!/usr/bin/env python3
"""Checks the assembled uhash_poly1305_ifma_vbmi2_groups without AVX-512.

Interprets the kernel's own machine code (as `objdump -d` prints it, AT&T
syntax) with the instruction semantics below and compares, lane by lane,
the accumulators it leaves with big-integer Horner steps modulo 2^130 - 5.
It also checks what the contract in asm/src/poly1305_ifma.rs promises:
every IFMA input < 2^52 (exact products), no 64-bit lane overflow, limbs
out < 2^44 + 2^16, reads only acc, the three r^16 limbs and 256*groups
data bytes, writes only acc.

Operand order (AT&T, last operand is the destination) as LLVM emits it for
the intrinsics: vpmadd52luq c, b, a: a += lo52(b*c); vpunpcklqdq b, a, d:
d[2k] = a[2k], d[2k+1] = b[2k]; vpshldq $k, x, y, d: d = hi64((y:x) << k).

    python3 asm/tools/emulate_poly1305_ifma.py [OBJECT.o] [SEED]

(default object: the newest target/*/build/uhash-asm-*/out/*poly1305_ifma.o). For hosts whose
CPU lacks AVX-512 IFMA/VBMI2, where the Rust tests cannot run the kernel.
"""
import glob, re, subprocess, sys, random
import os
if len(sys.argv) > 1:
    obj = sys.argv[1]
else:
    objs = glob.glob('target/*/build/uhash-asm-*/out/*poly1305_ifma.o')
    if not objs:
        sys.exit('no poly1305_ifma.o under target/*/build (build uhash-asm --features asm first)')
    obj = max(objs, key=os.path.getmtime)
print('object:', obj)
dis = subprocess.run(['objdump','-d','--no-show-raw-insn',obj],capture_output=True,text=True).stdout
prog = {}; order = []
for line in dis.splitlines():
    m = re.match(r'\s+([0-9a-f]+):\s+(\S+)\s*(.*)$', line)
    if m:
        a = int(m.group(1),16); prog[a] = (m.group(2), m.group(3).split('#')[0].strip()); order.append(a)
nxt = {a: order[i+1] if i+1 < len(order) else None for i,a in enumerate(order)}
M64 = (1<<64)-1; M52 = (1<<52)-1
viol = []
reads = []; writes = []
def run(mem, rdi, rsi, rdx, rcx):
    g = {'rdi':rdi,'rsi':rsi,'rdx':rdx,'rcx':rcx,'rax':0}
    z = {i:[0]*8 for i in range(32)}
    flags = {'z':0,'c':0}
    def rd64(addr):
        reads.append(addr); return int.from_bytes(mem[addr:addr+8],'little')
    def wr64(addr,v):
        writes.append(addr); mem[addr:addr+8] = (v&M64).to_bytes(8,'little')
    def addr_of(op):
        m = re.match(r'(-?0x[0-9a-f]+|-?\d+)?\(%(\w+)\)$', op)
        off = int(m.group(1),0) if m.group(1) else 0
        return g[m.group(2)] + off
    def vec(op):
        if op.startswith('%zmm'): return list(z[int(op[4:])])
        a = addr_of(op); return [rd64(a+8*i) for i in range(8)]
    def zr(op): return int(op[4:])
    pc = order[0]; steps = 0
    while True:
        steps += 1
        mn, ops = prog[pc]; o = [x.strip() for x in re.split(r',(?![^(]*\))', ops)] if ops else []
        npc = nxt[pc]
        if mn in ('endbr64','nop','nopw','nopl','xchg','data16','cs','vzeroupper'): pass
        elif mn == 'ret': return steps
        elif mn == 'test':
            def gv(x):
                if x.startswith('$'): return int(x[1:],0)
                return g['rcx'] & 0xff if x == '%cl' else g[x[1:]]
            v = gv(o[0]) & gv(o[1]); flags['z'] = int(v==0)
        elif mn == 'testb':
            v = int(o[0][1:],0) & (g[o[1][1:].replace('cl','rcx')] & 0xff); flags['z'] = int(v==0)
        elif mn == 'cmp':
            v = int(o[0][1:],0); r = g[o[1][1:]]; flags['z'] = int(r==v); flags['c'] = int(r<v)
        elif mn in ('je','jz','jb','jne','jnz'):
            t = int(o[0].split()[0],16)
            take = {'je':flags['z'],'jz':flags['z'],'jb':flags['c'],'jne':1-flags['z'],'jnz':1-flags['z']}[mn]
            if take: npc = t
        elif mn in ('movabs','mov'):
            v = int(o[0][1:],0); reg = o[1][1:]; g['rax' if reg in('eax','rax') else reg] = v
        elif mn == 'add':
            r=o[1][1:]; g[r]=(g[r]+int(o[0][1:],0))&M64; flags['z']=int(g[r]==0)
        elif mn == 'shr':
            r=o[-1][1:]; sh = int(o[0][1:],0) if len(o)==2 else 1; g[r]>>=sh; flags['z']=int(g[r]==0)
        elif mn == 'dec':
            r=o[0][1:]; g[r]=(g[r]-1)&M64; flags['z']=int(g[r]==0)
        elif mn == 'vpbroadcastq':
            v = g[o[0][1:]] if o[0].startswith('%r') else rd64(addr_of(o[0]))
            z[zr(o[1])] = [v]*8
        elif mn == 'vmovdqu64':
            if o[1].startswith('%zmm'): z[zr(o[1])] = vec(o[0])
            else:
                a = addr_of(o[1])
                for i,v in enumerate(z[zr(o[0])]): wr64(a+8*i, v)
        elif mn in ('vpxorq','vpandq','vpaddq'):
            s2, s1 = vec(o[0]), vec(o[1])
            if mn=='vpxorq': r=[x^y for x,y in zip(s1,s2)]
            elif mn=='vpandq': r=[x&y for x,y in zip(s1,s2)]
            else:
                r=[(x+y) for x,y in zip(s1,s2)]
                if any(v>M64 for v in r): viol.append(('add overflow',pc))
                r=[v&M64 for v in r]
            z[zr(o[2])]=r
        elif mn == 'vpsrlq':
            sh=int(o[0][1:],0); z[zr(o[2])]=[x>>sh for x in vec(o[1])]
        elif mn == 'vpshldq':
            sh=int(o[0][1:],0); s3=vec(o[1]); s2=vec(o[2])
            z[zr(o[3])]=[((((y<<64)|x)<<sh)>>64)&M64 for x,y in zip(s3,s2)]
        elif mn in ('vpunpcklqdq','vpunpckhqdq'):
            s2=vec(o[0]); s1=vec(o[1]); k = 0 if mn=='vpunpcklqdq' else 1
            r=[0]*8
            for L in range(4): r[2*L]=s1[2*L+k]; r[2*L+1]=s2[2*L+k]
            z[zr(o[2])]=r
        elif mn in ('vpmadd52luq','vpmadd52huq'):
            s3=vec(o[0]); s2=vec(o[1]); d=z[zr(o[2])]
            r=[]
            for x,y,a in zip(s2,s3,d):
                if x>M52 or y>M52: viol.append(('ifma input >= 2^52',pc))
                p=(x&M52)*(y&M52); t = (p&M52) if mn=='vpmadd52luq' else (p>>52)
                if a+t>M64: viol.append(('ifma acc overflow',pc))
                r.append((a+t)&M64)
            z[zr(o[2])]=r
        else: raise Exception('unknown %s %s' % (mn, ops))
        pc = npc

P = (1<<130)-5
SIG = [0,4,1,5,2,6,3,7]
def limbs(v): return [v & ((1<<44)-1), (v>>44)&((1<<44)-1), v>>88]
def val(l): return l[0] + (l[1]<<44) + (l[2]<<88)
def test(groups, accl, r16l, data):
    mem = bytearray(0x100000)
    ACC, TBL, DAT = 0x1000, 0x2000, 0x3003  # data misaligned
    for row in range(6):
        for t in range(8): mem[ACC+64*row+8*t:ACC+64*row+8*t+8] = accl[row][t].to_bytes(8,'little')
    for i in range(3): mem[TBL+64*i:TBL+64*i+8] = r16l[i].to_bytes(8,'little')
    mem[DAT:DAT+len(data)] = data
    del reads[:]; del writes[:]
    run(mem, ACC, TBL, DAT, groups)
    for a in reads:
        ok = (ACC <= a <= ACC+384-8) or a in (TBL, TBL+64, TBL+128) or (DAT <= a <= DAT+256*groups-8)
        if not ok: viol.append(('read outside', hex(a)))
    for a in writes:
        if not (ACC <= a <= ACC+384-8): viol.append(('write outside', hex(a)))
    out = [[int.from_bytes(mem[ACC+64*row+8*t:ACC+64*row+8*t+8],'little') for t in range(8)] for row in range(6)]
    R = val(r16l)
    for half in range(2):
        for t in range(8):
            v = val([accl[3*half+i][t] for i in range(3)])
            for gi in range(groups):
                off = 256*gi + 128*half + 16*SIG[t]
                m = int.from_bytes(data[off:off+16],'little') + (1<<128)
                v = v*R + m
            got = [out[3*half+i][t] for i in range(3)]
            if groups and not all(x < (1<<44)+(1<<16) for x in got): viol.append(('out bound', got))
            assert val(got) % P == v % P, (groups, half, t)
    return True
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
B = (1<<44)+(1<<15)
for groups in list(range(0,9)) + [13, 16]:
    for kind in range(6):
        if kind == 0: accl=[[(1<<45)-1]*8 for _ in range(6)]; r16l=[B-1]*3; data=b'\xff'*(256*groups)
        elif kind == 1: accl=[[0]*8 for _ in range(6)]; r16l=[0,0,0]; data=bytes(256*groups)
        else:
            accl=[[random.randrange(1<<45) for _ in range(8)] for _ in range(6)]
            r16l=[random.randrange(B) for _ in range(3)]
            data=bytes(random.randrange(256) for _ in range(256*groups))
        test(groups, accl, r16l, data)
    print('groups', groups, 'ok', 'violations:', len(viol), viol[:3])
if viol:
    sys.exit('FAILED: %d bound/access violations' % len(viol))
print('all ok')
